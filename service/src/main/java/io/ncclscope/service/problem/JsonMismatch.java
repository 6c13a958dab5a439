package io.ncclscope.service.problem;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Says what is wrong with JSON that parsed but does not fit the request, without naming a Java class. */
final class JsonMismatch {

    private JsonMismatch() {
    }

    /** {@return the detail of a problem for {@code e}: the field, and what it should be} */
    static String detail(MismatchedInputException e) {
        String field = path(e.getPath());
        if (e instanceof UnrecognizedPropertyException u) {
            TreeSet<String> known = new TreeSet<>();
            if (u.getKnownPropertyIds() != null) u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
            return "unknown field '" + shown(field) + "'" + (known.isEmpty() ? "" : "; the fields here are " + String.join(", ", known));
        }
        String expected = expected(e.getTargetType());
        if (field.isEmpty()) return "the body must be " + expected;
        return "field '" + shown(field) + "' must be " + expected;
    }

    /** {@code artifacts[0].text} from Jackson's reference path. */
    private static String path(List<JsonMappingException.Reference> refs) {
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : refs) {
            if (r.getFieldName() != null) {
                if (b.length() > 0) b.append('.');
                b.append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                b.append('[').append(r.getIndex()).append(']');
            }
        }
        return b.toString();
    }

    private static String expected(Class<?> type) {
        if (type == null) return "of another type (see the request schema in /q/openapi)";
        if (type == String.class || type == Character.class || type == char.class || type.isEnum()) return "a string";
        if (type == Boolean.class || type == boolean.class) return "true or false";
        if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != void.class)) return "a number";
        if (type.isArray() || Collection.class.isAssignableFrom(type)) return "an array";
        if (Map.class.isAssignableFrom(type)) return "an object";
        return "an object (see the request schema in /q/openapi)";
    }

    /** A client's field name as a message may show it: cut at 80 characters, control characters as {@code ?}. */
    private static String shown(String s) {
        String n = s.replaceAll("[\\x00-\\x1f\\x7f]", "?");
        return n.length() > 80 ? n.substring(0, 80) + "..." : n;
    }
}
