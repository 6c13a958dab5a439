import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassFileVersion;
import java.lang.classfile.ClassHierarchyResolver;
import java.lang.classfile.ClassModel;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeTransform;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Rewrites, in place, every jar given whose classes are older than Java 6 (class file version below 50) so that
 * they are version 61 (Java 17) with stack map frames; jars with no such class are left untouched.
 *
 * <p>Why: the JVM's AOT cache (JEP 483/514), like CDS before it, cannot hold classes older than version 50, so such
 * classes are read, parsed and verified by the old type-inferencing verifier from their jar on every start.
 * picocli 4.7 is compiled for Java 5 and is the first thing the CLI runs: 178 classes, most of the node bundle's
 * startup before this step. The bytecode is not changed, only the version and the frames the new verifier needs
 * (computed by the JDK's own class-file library, with the jar itself and the JDK as the class hierarchy).
 *
 * <p>Run by build-bundle.sh with the bundle's JDK (25 or newer: java.lang.classfile is final from 24 on):
 * {@code java UpgradeClassFiles.java JAR...}. Prints one line per jar it rewrote; exits 1 on any failure, leaving
 * that jar as it was.
 */
public final class UpgradeClassFiles {

    private static final int OLDEST_CACHEABLE = ClassFile.JAVA_6_VERSION;
    private static final int TARGET = ClassFile.JAVA_17_VERSION;

    public static void main(String[] args) throws IOException {
        int failed = 0;
        for (String a : args) {
            Path jar = Path.of(a);
            try {
                int n = upgrade(jar);
                if (n > 0) System.out.println(jar.getFileName() + ": " + n + " classes upgraded to version " + TARGET);
            } catch (IOException | RuntimeException e) {
                System.err.println("UpgradeClassFiles: " + jar + ": " + e);
                failed++;
            }
        }
        if (failed > 0) System.exit(1);
    }

    /** Rewrites {@code jar} when it holds old classes; returns how many it upgraded. */
    static int upgrade(Path jar) throws IOException {
        if (!hasOldClasses(jar)) return 0;
        Path tmp = Files.createTempFile(jar.toAbsolutePath().getParent(), jar.getFileName().toString(), ".tmp");
        int upgraded = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null);
                ZipFile zip = new ZipFile(jar.toFile());
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(tmp))) {
            ClassHierarchyResolver hierarchy = ClassHierarchyResolver.defaultResolver()
                    .orElse(ClassHierarchyResolver.ofResourceParsing(loader));
            ClassFile cf = ClassFile.of(ClassFile.ClassHierarchyResolverOption.of(hierarchy),
                    ClassFile.StackMapsOption.GENERATE_STACK_MAPS);
            ClassTransform toTarget = (builder, element) -> {
                if (element instanceof ClassFileVersion) {
                    builder.withVersion(TARGET, 0);
                } else {
                    builder.with(element);
                }
            };
            // Rebuilding each method body, element by element, is what makes the library compute the frames (it copies
            // a body handed over whole, or through CodeTransform.ACCEPT_ALL, as it was).
            CodeTransform rebuild = (code, element) -> code.with(element);
            ClassTransform transform = toTarget.andThen(ClassTransform.transformingMethodBodies(rebuild));
            for (ZipEntry e : Collections.list(zip.entries())) {
                byte[] bytes;
                try (InputStream in = zip.getInputStream(e)) {
                    bytes = in.readAllBytes();
                }
                if (isOld(e, bytes)) {
                    ClassModel model = cf.parse(bytes);
                    bytes = cf.transformClass(model, transform);
                    upgraded++;
                }
                ZipEntry copy = new ZipEntry(e.getName());
                copy.setTime(e.getTime());
                out.putNextEntry(copy);
                out.write(bytes);
                out.closeEntry();
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        try {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(jar));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the temporary file's own permissions are all there is.
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING);
        return upgraded;
    }

    private static boolean hasOldClasses(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : Collections.list(zip.entries())) {
                if (!e.getName().endsWith(".class")) continue;
                try (InputStream in = zip.getInputStream(e)) {
                    if (isOld(e, in.readNBytes(8))) return true;
                }
            }
        }
        return false;
    }

    /** A class of the jar's base layer (not a multi-release or module-info entry) older than version 50. */
    private static boolean isOld(ZipEntry e, byte[] head) {
        String n = e.getName();
        if (!n.endsWith(".class") || n.startsWith("META-INF/") || n.endsWith("module-info.class") || head.length < 8) {
            return false;
        }
        boolean magic = (head[0] & 0xff) == 0xCA && (head[1] & 0xff) == 0xFE && (head[2] & 0xff) == 0xBA
                && (head[3] & 0xff) == 0xBE;
        int major = ((head[6] & 0xff) << 8) | (head[7] & 0xff);
        return magic && major < OLDEST_CACHEABLE;
    }
}
