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

    /** The drafts of one statement, merged as they are filed: the first, the hosts, lines, action values and roles. */
    private static final class Group {
        final FindingDraft first;
        final Set<String> hosts = new LinkedHashSet<>();
        final List<EvidenceLine> ev;
        final Map<String, String> params;
        final Set<String> uses = new LinkedHashSet<>();

        Group(FindingDraft first) {
            this.first = first;
            if (first.host != null) hosts.add(first.host);
            ev = new ArrayList<>(first.evidence);
            params = new LinkedHashMap<>(first.params);
            roles(first, uses);
        }

        void add(FindingDraft d) {
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
            List<String> hs = new ArrayList<>(g.hosts);
            Subject s = first.subject;
            Map<String, String> params = g.params;
            Map<String, Object> args = new LinkedHashMap<>(first.args);
            if (!g.uses.isEmpty()) args.put(USES, String.join(", ", g.uses));
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
            out.add(new Finding(first.code, first.severity, s, Message.of(anchor, first.key, nv.toArray()), g.ev, params));
        }
        return out;
    }
}
