package io.ncclscope.collect;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;

/**
 * Creates the files and folders of a bundle so that only their owner can read them (folders {@code 0700}, files
 * {@code 0600}, whatever the umask) and never through a link: a file is created new ({@code CREATE_NEW}, which
 * does not follow a link planted at its name), and an existing link where a folder or an output file should go is
 * refused. A bundle holds host names, addresses, the environment and kernel messages: nothing for other users of a
 * shared node. On a file system without POSIX permissions the files are created the same way, without modes.
 */
public final class PrivateFiles {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {
    }

    /**
     * Creates {@code dir} and its missing parents, each {@code 0700}; an existing {@code dir} is kept (made
     * {@code 0700}) unless it is a link.
     *
     * @throws IOException when {@code dir} is a symbolic link or a file, or cannot be created
     */
    public static Path createDirectories(Path dir) throws IOException {
        if (Files.isSymbolicLink(dir)) throw new IOException(dir + " is a symbolic link; refusing to follow it");
        if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            if (POSIX) Files.setPosixFilePermissions(dir, FOLDER);
            return dir;
        }
        Path parent = dir.toAbsolutePath().getParent();
        if (parent != null && !Files.exists(parent)) createDirectories(parent);
        try {
            return POSIX ? Files.createDirectory(dir, attributes(FOLDER)) : Files.createDirectory(dir);
        } catch (FileAlreadyExistsException e) {
            // Created meanwhile by another step of the same collection: fine when it is a real folder.
            if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return dir;
            throw e;
        }
    }

    /** Creates the empty file {@code f} ({@code 0600}); fails when anything, a link included, is at its name. */
    public static Path createFile(Path f) throws IOException {
        return POSIX ? Files.createFile(f, attributes(FILE)) : Files.createFile(f);
    }

    /** A stream to the new file {@code f} ({@code 0600}); fails when anything, a link included, is at its name. */
    public static OutputStream newOutputStream(Path f) throws IOException {
        Set<OpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        var channel = POSIX ? Files.newByteChannel(f, options, attributes(FILE)) : Files.newByteChannel(f, options);
        return Channels.newOutputStream(channel);
    }

    /** Writes {@code lines} (UTF-8, each ending in a newline) to the new file {@code f} ({@code 0600}). */
    public static void write(Path f, List<String> lines) throws IOException {
        writeString(f, lines.isEmpty() ? "" : String.join("\n", lines) + "\n");
    }

    /** Writes {@code text} (UTF-8) to the new file {@code f} ({@code 0600}). */
    public static void writeString(Path f, String text) throws IOException {
        try (OutputStream out = newOutputStream(f)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    private static FileAttribute<Set<PosixFilePermission>> attributes(Set<PosixFilePermission> permissions) {
        return PosixFilePermissions.asFileAttribute(permissions);
    }
}
