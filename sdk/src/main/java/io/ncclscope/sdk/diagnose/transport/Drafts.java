package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Findings in the making. The same statement about several hosts (every node of a job on loopback, one log per node
 * in a bundle) becomes one finding that lists the hosts; the same statement from several logs of one host merges
 * its evidence.
 */
final class Drafts {

    /** Evidence lines taken from each further host or log merged into a finding. */
    private static final int PER_MERGE = 3;

    /** The argument listing the roles of an interface ({@code Bootstrap, NET/Socket}); merged as a union. */
    static final String USES = "uses";

    /** Hosts named in a detail before {@code (+N)}. */
    static final int HOSTS_SHOWN = 8;

    /** One finding about one host (or the job when {@code host} is null). */
    static final class Draft {
        final String code;
        final FindingSeverity severity;
        final String key;
        final Map<String, Object> args = new LinkedHashMap<>();
        final Map<String, String> params = new LinkedHashMap<>();
        final List<EvidenceLine> evidence = new ArrayList<>();
        Subject subject = Subject.JOB;
        String host;
        String where;

        Draft(String code, FindingSeverity severity, String key) {
            this.code = code;
            this.severity = severity;
            this.key = key;
        }

        Draft arg(String name, Object value) {
            args.put(name, value);
            return this;
        }

        Draft param(String name, String value) {
            if (value != null && !value.isBlank()) params.put(name, value);
            return this;
        }

        Draft on(String host) {
            this.host = host;
            return this;
        }

        /** What the detail names when the draft has no host: the log's name. Not part of the grouping. */
        Draft where(String where) {
            this.where = where;
            return this;
        }

        Draft subject(Subject s) {
            this.subject = s;
            return this;
        }

        Draft line(EvidenceLine l) {
            // A finding shows its first lines only, and a merge takes lines only while there are fewer: the rest is
            // never shown (a job's draft may name every node's line).
            if (l != null && evidence.size() < Finding.MAX_EVIDENCE && !evidence.contains(l)) evidence.add(l);
            return this;
        }

        Draft lines(List<EvidenceLine> ls) {
            for (EvidenceLine l : ls) line(l);
            return this;
        }

        /**
         * What makes two drafts the same statement: code, severity, template, what it is about and its arguments. The
         * roles an interface plays ({@code uses}) and the action values ({@code params}) may differ by host: merged.
         */
        private String groupKey() {
            Map<String, Object> a = new LinkedHashMap<>(args);
            a.remove(USES);
            return code + '\0' + severity + '\0' + key + '\0' + a + '\0' + subject;
        }
    }

    /**
     * The drafts of one statement, merged as they are filed: the first, and what the finding takes from the others
     * (their hosts, the first lines, the action values all share, the roles), so that a statement made on many hosts
     * does not keep every host's draft.
     */
    private static final class Group {
        final Draft first;
        /** The hosts, lines, action values and roles merged so far; null while the group is its first draft alone. */
        Set<String> hosts;
        List<EvidenceLine> ev;
        Map<String, String> params;
        Set<String> uses;

        Group(Draft first) {
            this.first = first;
        }

        void add(Draft d) {
            if (hosts == null) {
                // A second draft: start from the first (most statements are made once; they keep only their draft).
                hosts = new LinkedHashSet<>(hosts());
                ev = new ArrayList<>(first.evidence);
                params = new LinkedHashMap<>(first.params);
                uses = new LinkedHashSet<>(uses());
            }
            if (d.host != null) hosts.add(d.host);
            if (ev.size() < Finding.MAX_EVIDENCE) {
                int taken = 0;
                for (EvidenceLine l : d.evidence) {
                    if (taken >= PER_MERGE) break;
                    if (!ev.contains(l)) {
                        ev.add(l);
                        taken++;
                    }
                }
            }
            // Action values shared by every host stay; one that differs between hosts cannot fill a single command.
            params.entrySet().removeIf(en -> !en.getValue().equals(d.params.get(en.getKey())));
            roles(d, uses);
        }

        Set<String> hosts() {
            return hosts != null ? hosts : first.host == null ? Set.of() : Set.of(first.host);
        }

        List<EvidenceLine> ev() {
            return ev != null ? ev : first.evidence;
        }

        Map<String, String> params() {
            return params != null ? params : new LinkedHashMap<>(first.params);
        }

        Set<String> uses() {
            if (uses != null) return uses;
            Set<String> u = new LinkedHashSet<>();
            roles(first, u);
            return u;
        }

        private static void roles(Draft d, Set<String> uses) {
            Object u = d.args.get(USES);
            if (u != null) for (String x : u.toString().split(", ")) uses.add(x);
        }
    }

    private final Map<String, Group> groups = new LinkedHashMap<>();

    Draft add(String code, FindingSeverity severity, String key) {
        return new Draft(code, severity, key);
    }

    /** Files a finished draft. */
    void put(Draft d) {
        String key = d.groupKey();
        Group g = groups.get(key);
        if (g == null) groups.put(key, new Group(d));
        else g.add(d);
    }

    /** The findings, one per group, in the order first filed; each group is let go as its finding is made. */
    List<Finding> findings(Class<?> anchor) {
        List<Finding> out = new ArrayList<>(groups.size());
        for (java.util.Iterator<Group> it = groups.values().iterator(); it.hasNext(); ) {
            Group g = it.next();
            it.remove();
            Draft first = g.first;
            List<EvidenceLine> ev = g.ev();
            List<String> hs = new ArrayList<>(g.hosts());
            Subject s = first.subject;
            Map<String, String> params = g.params();
            Set<String> uses = g.uses();
            Map<String, Object> args = new LinkedHashMap<>(first.args);
            if (!uses.isEmpty()) args.put(USES, String.join(", ", uses));
            if (hs.size() == 1) {
                s = s.withNode(hs.get(0));
                params.putIfAbsent("node", hs.get(0));
            }
            List<Object> nv = new ArrayList<>();
            if (!args.containsKey("hosts")) {
                nv.add("hosts");
                nv.add(hs.isEmpty() ? (first.where == null ? "?" : first.where) : Ifaces.join(hs, HOSTS_SHOWN));
            }
            args.forEach((k, v) -> {
                nv.add(k);
                nv.add(v);
            });
            out.add(new Finding(first.code, first.severity, s, Message.of(anchor, first.key, nv.toArray()), ev, params));
        }
        return out;
    }
}
