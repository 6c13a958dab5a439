package io.ncclscope.sdk.diagnose.links;

import java.util.List;
import java.util.Map;

/** MTU helpers. */
final class Mtu {

    private Mtu() {
    }

    /** The MTU most members share; on a tie the larger one (jumbo frames are the intent more often than not). */
    static <T> int common(Map<Integer, List<T>> byMtu) {
        int best = -1;
        int count = -1;
        for (var e : byMtu.entrySet()) {
            int n = e.getValue().size();
            if (n > count || (n == count && e.getKey() > best)) {
                best = e.getKey();
                count = n;
            }
        }
        return best;
    }
}
