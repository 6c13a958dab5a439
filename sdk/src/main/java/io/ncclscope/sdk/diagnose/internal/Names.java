package io.ncclscope.sdk.diagnose.internal;

import java.util.ArrayList;
import java.util.List;

/** Short, language-neutral lists of device and node names for messages and parameters, for analyzers. */
public final class Names {

    /** Most names a message lists before {@code +N}. */
    public static final int MAX_LISTED = 12;

    private Names() {
    }

    /**
     * {@return names joined by {@code ", "}, runs of consecutive {@code GPUn} folded ({@code GPU0-GPU3, GPU6}), at most
     * {@link #MAX_LISTED} items followed by {@code +N}: for a sentence}
     */
    public static String list(List<String> names) {
        List<String> items = fold(names);
        String shown = String.join(", ", items.subList(0, Math.min(items.size(), MAX_LISTED)));
        return items.size() > MAX_LISTED ? shown + ", +" + (items.size() - MAX_LISTED) : shown;
    }

    /** {@return at most {@code max} names joined by {@code ", "}, then {@code (+N)}, as they are: for a sentence} */
    public static String upTo(List<String> names, int max) {
        String s = String.join(", ", names.subList(0, Math.min(max, names.size())));
        return names.size() > max ? s + " (+" + (names.size() - max) + ")" : s;
    }

    /** {@return names joined by {@code ","} with GPU runs folded, for a subject or a parameter ({@code GPU4-GPU7})} */
    public static String compact(List<String> names) {
        return String.join(",", fold(names));
    }

    /** {@return names joined by {@code ","} as they are, for {@code NCCL_IB_HCA=mlx5_0,mlx5_1}} */
    public static String csv(List<String> names) {
        return String.join(",", names);
    }

    private static List<String> fold(List<String> names) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < names.size()) {
            int first = gpuIndex(names.get(i));
            int j = i;
            if (first >= 0) {
                while (j + 1 < names.size() && gpuIndex(names.get(j + 1)) == gpuIndex(names.get(j)) + 1) j++;
            }
            if (j - i >= 2) {
                out.add(names.get(i) + "-" + names.get(j));
            } else {
                for (int k = i; k <= j; k++) out.add(names.get(k));
            }
            i = j + 1;
        }
        return out;
    }

    /** {@return {@code n} of {@code GPUn}; -1 for other names} */
    private static int gpuIndex(String name) {
        if (name == null || name.length() < 4 || name.length() > 8 || !name.startsWith("GPU")) return -1;
        int v = 0;
        for (int i = 3; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
