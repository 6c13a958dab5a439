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
final class FindingsByStatement {

    /** Evidence lines taken from each further host or log merged into a finding. */
    private static final int PER_MERGE = 3;

    /** The argument listing the roles of an interface ({@code Bootstrap, NET/Socket}); merged as a union. */
    static final String USES = "uses";

    /**
     * The drafts of one statement, merged as they are filed: the first, and what the finding takes from the others
     * (their hosts, the first lines, the action values all share, the roles), so that a statement made on many hosts
     * does not keep every host's draft.
     */
    private static final class Group {
        final FindingDraft first;
        /** The hosts, lines, action values and roles merged so far; null while the group is its first draft alone. */
        Set<String> hosts;
        List<EvidenceLine> ev;
        Map<String, String> params;
        Set<String> uses;

        Group(FindingDraft first) {
            this.first = first;
        }

        void add(FindingDraft d) {
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

        private static void roles(FindingDraft d, Set<String> uses) {
            Object u = d.args.get(USES);
            if (u != null) for (String x : u.toString().split(", ")) uses.add(x);
        }
    }

    private final Map<List<String>, Group> groups = new LinkedHashMap<>();

    FindingDraft add(String code, FindingSeverity severity, String key) {
        return new FindingDraft(code, severity, key);
    }

    /** Files a finished draft. */
    void put(FindingDraft d) {
        List<String> key = d.groupKey();
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
            FindingDraft first = g.first;
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
                nv.add(hs.isEmpty() ? (first.where == null ? "?" : first.where) : InterfaceNames.join(hs, TransportJob.HOSTS_SHOWN));
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
