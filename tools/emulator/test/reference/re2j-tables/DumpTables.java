import java.lang.reflect.*;
import java.util.*;
// Prints, as JSON, the Unicode tables of the RE2/J inside Google's Cloud Firestore emulator (its
// categories and scripts, by name, as [lo, hi, stride] ranges): what its rules engine's regular
// expressions take \p{...} from. Run with the emulator's jar on the class path (re2j-tables.ts).
public class DumpTables {
  static String ranges(int[][] t) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < t.length; i++) { if (i > 0) b.append(','); b.append('[').append(t[i][0]).append(',').append(t[i][1]).append(',').append(t[i].length > 2 ? t[i][2] : 1).append(']'); }
    return b.append(']').toString();
  }
  @SuppressWarnings("unchecked")
  public static void main(String[] a) throws Exception {
    Class<?> c = Class.forName("com.google.re2j.UnicodeTables");
    StringBuilder out = new StringBuilder("{");
    boolean first = true;
    for (String name : new String[] {"CATEGORIES", "SCRIPTS"}) {
      Field f = c.getDeclaredField(name); f.setAccessible(true);
      Map<String, int[][]> m = (Map<String, int[][]>) f.get(null);
      if (!first) out.append(','); first = false;
      out.append('"').append(name).append("\":{");
      boolean ff = true;
      for (Map.Entry<String, int[][]> e : new TreeMap<>(m).entrySet()) { if (!ff) out.append(','); ff = false; out.append('"').append(e.getKey()).append("\":").append(ranges(e.getValue())); }
      out.append('}');
    }
    System.out.println(out.append('}'));
  }
}
