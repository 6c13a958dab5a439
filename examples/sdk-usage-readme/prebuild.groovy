// Before the build (invoker pre-build hook): lays out a fresh Maven project from the README's "Quick start: Java"
// text alone, its pom.xml block and its Java block, so the quick start runs as pasted or the build fails.
def md = new File(readme).getText('UTF-8')
def at = md.indexOf('## Quick start: Java')
assert at >= 0 : "README has no '## Quick start: Java' section"
def section = md.substring(at, md.indexOf('\n## ', at + 5))

def block = { String lang ->
    def open = section.indexOf('```' + lang + '\n')
    assert open >= 0 : "README's Java quick start has no ${lang} block"
    def start = open + lang.length() + 4
    section.substring(start, section.indexOf('\n```', start) + 1)
}

def pom = block('xml')
assert pom.contains('<project') : 'the xml block is no whole pom.xml'
new File(basedir, 'pom.xml').setText(pom, 'UTF-8')

def code = block('java')
def pkg = (code =~ /(?m)^package ([\w.]+);/)
def cls = (code =~ /(?m)^public (?:final )?class (\w+)/)
assert pkg.find() && cls.find() : 'the java block is no whole class with its package'
def source = new File(basedir, 'src/main/java/' + pkg.group(1).replace('.', '/') + '/' + cls.group(1) + '.java')
source.parentFile.mkdirs()
source.setText(code, 'UTF-8')

assert section.contains('mvn -q compile exec:java -Dexec.args=examples/captured/h200-1gpu\n') :
        'the README runs the quick start with another command than invoker.properties'

// The README points at a capture of this repository: copied where its run command looks for it.
def captured = new File(new File(readme).parentFile, 'examples/captured/h200-1gpu').toPath()
def copy = new File(basedir, 'examples/captured/h200-1gpu').toPath()
java.nio.file.Files.walk(captured).withCloseable { paths ->
    paths.forEach { p ->
        def to = copy.resolve(captured.relativize(p).toString())
        if (java.nio.file.Files.isDirectory(p)) java.nio.file.Files.createDirectories(to)
        else if (!java.nio.file.Files.exists(to)) java.nio.file.Files.copy(p, to)
    }
}
return true
