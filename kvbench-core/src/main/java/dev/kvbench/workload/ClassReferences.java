package dev.kvbench.workload;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/**
 * User code named by its class: how a key format, value format or operation given as an object
 * reaches a forked cell's JVM, which builds its own instance from the class's public no-argument
 * constructor.
 */
public final class ClassReferences {

  private ClassReferences() {}

  /**
   * Why {@code instance} cannot be re-created from its class name in another JVM, or null when it
   * can: a lambda, an anonymous, local or inner class, or one without a public no-argument
   * constructor cannot.
   */
  public static String whyNotRecreatable(Object instance, String what) {
    Class<?> c = instance.getClass();
    String fix = "; make it a public top-level or static nested class with a public no-argument constructor,"
        + " or run in-process (forks 0)";
    if (c.isSynthetic() || c.isHidden() || c.isAnonymousClass() || c.isLocalClass()) {
      return what + " " + c.getName() + " is a lambda or anonymous class, which a forked cell cannot re-create" + fix;
    }
    if (!Modifier.isPublic(c.getModifiers()) || (c.isMemberClass() && !Modifier.isStatic(c.getModifiers()))) {
      return what + " " + c.getName() + " is not a public static class" + fix;
    }
    try {
      Constructor<?> constructor = c.getConstructor();
      return Modifier.isPublic(constructor.getModifiers()) ? null : what + " " + c.getName() + " has no public"
          + " no-argument constructor" + fix;
    } catch (NoSuchMethodException e) {
      return what + " " + c.getName() + " has no public no-argument constructor" + fix;
    }
  }

  /** A new instance of {@code className}, which must implement {@code type}. */
  public static <T> T create(String className, Class<T> type, String what) {
    Class<?> c;
    try {
      c = Class.forName(className, true, Thread.currentThread().getContextClassLoader() != null
          ? Thread.currentThread().getContextClassLoader() : ClassReferences.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(what + " class " + className + " is not on the class path; add its jar"
          + " or check the name", e);
    }
    if (!type.isAssignableFrom(c)) {
      throw new IllegalArgumentException(what + " class " + className + " does not implement " + type.getName());
    }
    try {
      return type.cast(c.getConstructor().newInstance());
    } catch (NoSuchMethodException | IllegalAccessException e) {
      throw new IllegalArgumentException(what + " class " + className + " needs a public no-argument constructor", e);
    } catch (InstantiationException | InvocationTargetException e) {
      throw new IllegalArgumentException(what + " class " + className + " could not be created: "
          + (e.getCause() == null ? e : e.getCause()), e);
    }
  }
}
