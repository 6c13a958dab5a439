// After the build (invoker post-build hook): what the README's quick start printed is the README's output block.
def log = new File(basedir, 'build.log').getText('UTF-8')
def md = new File(readme).getText('UTF-8')
def section = md.indexOf('## Quick start: Java')
def open = md.indexOf('````markdown\n', section)
assert open >= 0 : "README's Java quick start shows no output block"
def close = md.indexOf('\n````', open + 12)
def shown = md.substring(open + '````markdown\n'.length(), close + 1)
assert log.contains(shown) : "README's SDK output differs from what its quick start printed:\n${log}"
return true
