package dev.kvbench.result;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.Locale;

/**
 * What is wrong with a result file's JSON, in the user's terms: where (a JSON pointer, or the line
 * and column where the text is not JSON) and what was expected there. Never the parser's own
 * wording, which names its features, its source and kvbench's classes.
 */
public final class JsonProblem {

  private JsonProblem() {}

  /** "at /cells/0/phases: expected a list, found a string", or "line 3, column 7: a number that is NaN". */
  public static String describe(JsonProcessingException e) {
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      if (causeIs(e, InputCoercionException.class) || String.valueOf(e.getOriginalMessage()).contains("out of range")) {
        return "at " + pointer(m) + ": a number too large for this field";
      }
      String found = found(e);
      return "at " + pointer(m) + ": " + expected(m) + (found.isEmpty() ? "" : ", found " + found);
    }
    String where = where(e.getLocation());
    String original = String.valueOf(e.getOriginalMessage());
    String what;
    if (original.contains("NaN") || original.contains("Infinity")) {
      what = "a number that is not finite (NaN or Infinity), which JSON does not allow";
    } else if (original.contains("UTF-8") || original.contains("UTF8")) {
      what = "bytes that are not UTF-8 text";
    } else if (e instanceof InputCoercionException || original.contains("out of range")) {
      what = "a number too large for its field";
    } else if (original.contains("end-of-input") || original.contains("Unexpected end")) {
      what = "the text ends before the JSON does (cut short)";
    } else if (e instanceof JsonParseException) {
      what = "text that is not JSON";
    } else {
      what = "not what a kvbench result holds";
    }
    return (where.isEmpty() ? "" : where + ": ") + what;
  }

  /** The JSON pointer of the value the reader was at: /cells/0/phases/2/passMillis. */
  static String pointer(JsonMappingException m) {
    StringBuilder b = new StringBuilder();
    for (JsonMappingException.Reference r : m.getPath()) {
      b.append('/');
      if (r.getFieldName() != null) {
        b.append(r.getFieldName().replace("~", "~0").replace("/", "~1"));
      } else if (r.getIndex() >= 0) {
        b.append(r.getIndex());
      }
    }
    return b.length() == 0 ? "/" : b.toString();
  }

  private static String expected(JsonMappingException m) {
    Class<?> type = m instanceof MismatchedInputException mi ? mi.getTargetType() : null;
    if (type == null) {
      return "a value kvbench cannot read";
    }
    if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
      return "expected a number";
    }
    if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
      return "expected a whole number";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "expected true or false";
    }
    if (type == String.class) {
      return "expected a string";
    }
    if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "expected a list";
    }
    if (type.isEnum()) {
      return "expected one of " + java.util.Arrays.stream(type.getEnumConstants())
          .map(c -> c.toString().toLowerCase(Locale.ROOT)).toList();
    }
    return "expected an object";
  }

  /** What stood there instead, from the parser's current token; empty when unknown. */
  private static String found(JsonProcessingException e) {
    String original = String.valueOf(e.getOriginalMessage());
    if (original.contains("String value") || original.contains("from String")) {
      return "a string";
    }
    if (original.contains("Array value") || original.contains("START_ARRAY")) {
      return "a list";
    }
    if (original.contains("Object value") || original.contains("START_OBJECT")) {
      return "an object";
    }
    if (original.contains("Boolean value") || original.contains("VALUE_TRUE") || original.contains("VALUE_FALSE")) {
      return "true or false";
    }
    if (original.contains("Floating-point") || original.contains("VALUE_NUMBER")) {
      return "a number";
    }
    if (original.contains("null")) {
      return "null";
    }
    return "";
  }

  private static boolean causeIs(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e.getCause(); t != null && t != t.getCause(); t = t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }

  private static String where(JsonLocation at) {
    if (at == null || at.getLineNr() < 0) {
      return "";
    }
    return "line " + at.getLineNr() + ", column " + at.getColumnNr();
  }
}
