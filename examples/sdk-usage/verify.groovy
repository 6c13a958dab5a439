// After the example ran (invoker post-build hook): its verdict must equal the README's SDK quick-start output.
def verdict = new File(basedir, 'target/verdict.md')
assert verdict.isFile() : "the example wrote no verdict"
def text = verdict.getText('UTF-8')
assert text.startsWith('**ncclscope: ') : "not a verdict: ${text.take(200)}"
def md = new File(readme).getText('UTF-8')
def section = md.indexOf('## Quick start: Java')
assert section >= 0 : "README has no '## Quick start: Java' section"
def open = md.indexOf('````markdown\n', section)
assert open >= 0 : "README's Java quick start shows no output block"
def close = md.indexOf('\n````', open + 12)
def shown = md.substring(open + '````markdown\n'.length(), close + 1)
assert shown == text : "README's SDK output differs from what the example printed:\n${text}"
return true
