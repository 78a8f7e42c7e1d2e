#!/usr/bin/env python3
"""What scripts/web.sh made in WEB_DIR (default build-web) is whole:
  - site/: every file of the page (protocol/gui/web/) as it is but index.html,
    which sets window.RULEZERO_WEB before its one module script; every module
    main.js imports (and they import); every file the page names (stylesheets,
    scripts, the files its modules name in string literals, the workers' six
    files in web/, each sound, each rules page and rules.css); the wasm valid;
  - rulezero.html: no element loads anything (no src, no stylesheet link, only
    data:, blob: and # addresses; the page's <a> links, which load nothing until
    clicked, are listed); one classic inline script holding window.RULEZERO_WEB
    and one the bundled page, no module script, nothing that could end a script
    early; RULEZERO_WEB.files holds the six files, byte for byte the site's (the
    two wasm as base64 of valid wasm), .rules every rules page with its CSS
    inline, .sounds every sound as a data: URL of its bytes, .puzzles every
    puzzle set (puzzles/VARIANT.jsonl) as its text; every CSS file of
    the page inline, those its modules add at run time too;
  - the release zip: one folder with README.txt, LICENSE, rulezero.html and the
    whole site, each byte for byte.
Usage: web_build.py REPOSITORY_ROOT WEB_DIR
Exit: 0 when all holds, 1 otherwise."""
import base64
import html.parser
import json
import os
import re
import sys
import zipfile

problems = []


def check(ok, what):
    if not ok:
        problems.append(what)
    return ok


def read(path, binary=False):
    with open(path, 'rb' if binary else 'r', **({} if binary else {'encoding': 'utf-8'})) as f:
        return f.read()


def files_under(folder):
    out = []
    for here, _, names in os.walk(folder):
        out += [os.path.relpath(os.path.join(here, n), folder).replace(os.sep, '/') for n in names]
    return sorted(out)


def without_comments(js):
    """The module's code without its comments (which name files in prose)."""
    js = re.sub(r'/\*.*?\*/', '', js, flags=re.S)
    return re.sub(r'(^|[^:\\])//[^\n]*', r'\1', js)


class Elements(html.parser.HTMLParser):
    """Every element's tag and attributes, and each script's text, in order."""

    def __init__(self, text):
        super().__init__(convert_charrefs=True)
        self.elements, self.scripts, self.styles, self._in = [], [], [], None
        self.feed(text)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))
        if tag in ('script', 'style'):
            self._in = (tag, dict(attrs), [])

    def handle_data(self, data):
        if self._in:
            self._in[2].append(data)

    def handle_endtag(self, tag):
        if self._in and tag == self._in[0]:
            (self.scripts if tag == 'script' else self.styles).append((self._in[1], ''.join(self._in[2])))
            self._in = None


IMPORT = re.compile(r"""^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]""", re.M)
# A string literal naming a file of the site: 'web/x.wasm', '/analysis.css', ...
NAMED_FILE = re.compile(r"""['"`](/?\w[\w.-]*(?:/[\w.-]+)*\.(?:css|js|wasm|wav|html|json))['"`]""")
WASM_MAGIC = b'\0asm\x01\0\0\0'
WEB_FILES = {'sessionWorker': 'session-worker.js', 'sessionGlue': 'rulezero-session.js',
             'sessionWasm': 'rulezero-session.wasm', 'engineWorker': 'engine-worker.js',
             'engineGlue': 'rulezero-engine.js', 'engineWasm': 'rulezero-engine.wasm'}


def module_closure(site):
    """The site's paths of js/main.js and every module it imports, transitively."""
    seen, todo = set(), ['js/main.js']
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        if not check(os.path.isfile(os.path.join(site, path)), f'site: the module {path} is missing'):
            continue
        for a, b in IMPORT.findall(read(os.path.join(site, path))):
            todo.append(os.path.normpath(os.path.join(os.path.dirname(path), a or b)).replace(os.sep, '/'))
    return seen


def check_site(repo, site):
    page = os.path.join(repo, 'protocol/gui/web')
    names = set(files_under(site))
    for name in files_under(page):
        if check(name in names, f'site: {name} of the page is missing') and name != 'index.html':
            check(read(os.path.join(site, name), True) == read(os.path.join(page, name), True), f'site: {name} differs from the page')
    index = read(os.path.join(site, 'index.html'))
    marker = '<script>window.RULEZERO_WEB = {};</script>\n<script type="module" src="js/main.js"></script>'
    check(index.count(marker) == 1, 'site: index.html does not set window.RULEZERO_WEB = {} right before its module script')
    check(index.replace(marker, '<script type="module" src="js/main.js"></script>') == read(os.path.join(page, 'index.html')),
          'site: index.html differs from the page by more than window.RULEZERO_WEB')
    referred, absolute = set(), set()
    for tag, attrs in Elements(index).elements:
        for key in ('src', 'href'):
            url = attrs.get(key) or ''
            if not url or re.match(r'[a-z][a-z0-9+.-]*:|#', url):
                continue
            if tag == 'a':   # loads nothing until clicked; the page's code may set it
                if url.startswith('/'):
                    absolute.add(f'index.html: <a {key}="{url}">')
                continue
            check(not url.startswith('/'), f'site: index.html <{tag} {key}="{url}">: an absolute address breaks in a sub-folder')
            referred.add(url.split('#')[0])
    modules = module_closure(site)
    check(len(modules) > 10, f'site: main.js imports only {sorted(modules)}')
    referred |= modules
    for module in modules:
        code = without_comments(read(os.path.join(site, module))) if os.path.isfile(os.path.join(site, module)) else ''
        for name in NAMED_FILE.findall(code):
            if name.startswith('/'):
                absolute.add(f'{module}: {name}')
            referred.add(name.lstrip('/'))
    referred |= {'web/' + f for f in WEB_FILES.values()}
    referred |= {'sounds/' + f for f in os.listdir(os.path.join(page, 'sounds'))}
    referred |= {'puzzles/' + f for f in os.listdir(os.path.join(page, 'puzzles'))}
    docs = [f[:-3] for f in os.listdir(os.path.join(repo, 'docs/rules')) if f.endswith('.md')]
    referred |= {f'rules/{d}.html' for d in docs} | {'rules/rules.css'}
    for name in sorted(referred):
        check(name in names, f'site: {name}, which the page refers to, is missing')
    check(set(files_under(os.path.join(site, 'rules'))) == {f'{d}.html' for d in docs} | {'rules.css'},
          f'site: rules/ holds {files_under(os.path.join(site, "rules"))}, not the pages of docs/rules/ and rules.css')
    for wasm in ('rulezero-session.wasm', 'rulezero-engine.wasm'):
        path = os.path.join(site, 'web', wasm)
        check(os.path.isfile(path) and read(path, True)[:8] == WASM_MAGIC, f'site: web/{wasm} is not WebAssembly')
    for what in sorted(absolute):
        check(False, f'site: an absolute address (breaks when the site lives in a folder): {what}')
    print(f'site: {len(names)} files, {len(modules)} modules, {len(referred)} files referred to')
    return docs


def check_single_file(repo, web_dir, docs):
    page = os.path.join(repo, 'protocol/gui/web')
    site = os.path.join(web_dir, 'site')
    text = read(os.path.join(web_dir, 'rulezero.html'))
    doc = Elements(text)
    links = []
    for tag, attrs in doc.elements:
        for key in ('src', 'href', 'srcset', 'data', 'poster'):
            url = attrs.get(key)
            if url is None:
                continue
            if tag == 'a' and key == 'href':
                links.append(url)
                continue
            check(re.match(r'(data|blob):|#', url) is not None, f'rulezero.html: <{tag} {key}="{url}"> loads a file')
        check(not (tag == 'link' and 'stylesheet' in (attrs.get('rel') or '')), 'rulezero.html: a stylesheet <link> is left')
        check(not (tag == 'script' and attrs.get('type') == 'module'), 'rulezero.html: a module script is left')
    check(len(doc.scripts) == 2 and all(not attrs for attrs, _ in doc.scripts),
          f'rulezero.html: {len(doc.scripts)} scripts, not the two classic inline ones: {[a for a, _ in doc.scripts]}')
    check(len(re.findall(r'</script', text, re.I)) == len(doc.scripts), 'rulezero.html: a script holds "</script"')
    check('<!--' not in text, 'rulezero.html: "<!--" appears (in a script it would change how the script ends)')
    # The CSS: every stylesheet of the page inline, in <style> elements.
    styles = [body.strip() for _, body in doc.styles]
    for css in sorted(f for f in os.listdir(page) if f.endswith('.css') and f != 'rules.css'):
        check(read(os.path.join(page, css)).strip() in styles, f'rulezero.html: {css} is not inline')
    if len(doc.scripts) != 2:
        return
    data = doc.scripts[0][1].strip()
    prefix = 'window.RULEZERO_WEB = '
    if not check(data.startswith(prefix) and data.endswith(';'), 'rulezero.html: the first script is not window.RULEZERO_WEB = {...};'):
        return
    web = json.loads(data[len(prefix):-1])
    check(sorted(web) == ['files', 'puzzles', 'rules', 'sounds'], f'RULEZERO_WEB has the keys {sorted(web)}')
    files = web.get('files', {})
    check(sorted(files) == sorted(WEB_FILES), f'RULEZERO_WEB.files has the keys {sorted(files)}')
    for key, name in WEB_FILES.items():
        want = read(os.path.join(site, 'web', name), True)
        got = files.get(key, '')
        if key.endswith('Wasm'):
            got = base64.b64decode(got, validate=True)
            check(got[:8] == WASM_MAGIC, f'RULEZERO_WEB.files.{key} is not WebAssembly')
            print(f'{key}: {len(got)} bytes of wasm, {len(files[key])} of base64')
        else:
            got = got.encode('utf-8')
        check(got == want, f'RULEZERO_WEB.files.{key} differs from site/web/{name} ({len(got)} bytes, not {len(want)})')
    rules = web.get('rules', {})
    check(sorted(rules) == sorted(docs), f'RULEZERO_WEB.rules has {sorted(rules)}, not the pages of docs/rules/ {sorted(docs)}')
    rules_css = read(os.path.join(site, 'rules/rules.css'))
    for name, body in rules.items():
        inner = Elements(body)
        check(not any(t == 'link' and 'stylesheet' in (a.get('rel') or '') for t, a in inner.elements),
              f'RULEZERO_WEB.rules.{name} still links a stylesheet')
        check([b.strip() for _, b in inner.styles] == [rules_css.strip()], f'RULEZERO_WEB.rules.{name} does not hold rules.css inline')
        check(inner.elements and inner.elements[0][0] == 'html' and '<h1' in body, f'RULEZERO_WEB.rules.{name} is not a whole page')
    sounds = web.get('sounds', {})
    wavs = sorted(f[:-4] for f in os.listdir(os.path.join(page, 'sounds')) if f.endswith('.wav'))
    check(sorted(sounds) == wavs, f'RULEZERO_WEB.sounds has {sorted(sounds)}, not {wavs}')
    for name, url in sounds.items():
        head = 'data:audio/wav;base64,'
        check(url.startswith(head) and base64.b64decode(url[len(head):]) == read(os.path.join(page, 'sounds', name + '.wav'), True),
              f'RULEZERO_WEB.sounds.{name} is not a data: URL of sounds/{name}.wav')
    puzzles = web.get('puzzles', {})
    sets = sorted(f[:-6] for f in os.listdir(os.path.join(page, 'puzzles')) if f.endswith('.jsonl'))
    check(len(sets) == 10 and sorted(puzzles) == sets, f'RULEZERO_WEB.puzzles has {sorted(puzzles)}, not the ten games {sets}')
    for name, text in puzzles.items():
        check(text == read(os.path.join(page, 'puzzles', name + '.jsonl')), f'RULEZERO_WEB.puzzles.{name} is not puzzles/{name}.jsonl')
    bundle = doc.scripts[1][1]
    check(not re.search(r'^\s*(import|export)\b', bundle, re.M), 'rulezero.html: the page script still has import/export lines')
    check('openWebSession' in bundle and 'RULEZERO_WEB' in bundle, 'rulezero.html: the page script is not the bundled page')
    print(f'rulezero.html: {len(text)} bytes; <a> links: {links}')


def check_zip(repo, web_dir):
    version = re.search(r'project\(rulezero VERSION ([0-9.]+)', read(os.path.join(repo, 'CMakeLists.txt'))).group(1)
    path = os.path.join(web_dir, f'rulezero-web-{version}.zip')
    if not check(os.path.isfile(path), f'no {os.path.basename(path)} in {web_dir}'):
        return
    top = f'rulezero-web-{version}/'
    site = os.path.join(web_dir, 'site')
    want = {top + 'README.txt': None, top + 'LICENSE': os.path.join(repo, 'LICENSE'),
            top + 'rulezero.html': os.path.join(web_dir, 'rulezero.html')}
    want.update({top + 'site/' + f: os.path.join(site, f) for f in files_under(site)})
    with zipfile.ZipFile(path) as z:
        held = {i.filename: i for i in z.infolist() if not i.is_dir()}
        check(set(held) == set(want), f'the zip holds {sorted(set(held) - set(want))} more and lacks {sorted(set(want) - set(held))}')
        for name, source in want.items():
            if name in held and source:
                check(z.read(name) == read(source, True), f'the zip\'s {name} differs from {source}')
        readme = z.read(top + 'README.txt').decode() if top + 'README.txt' in held else ''
        check('rulezero.html' in readme and 'site/' in readme and version in readme and '@' not in readme,
              'the zip\'s README.txt does not tell how to use rulezero.html and site/ (or its version is missing)')
    print(f'{os.path.basename(path)}: {len(held)} files')


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    repo, web_dir = argv[1:]
    for need in ('site/index.html', 'rulezero.html'):
        if not os.path.isfile(os.path.join(web_dir, need)):
            print(f'FAIL: no {need} in {web_dir}: run scripts/web.sh')
            return 1
    docs = check_site(repo, os.path.join(web_dir, 'site'))
    check_single_file(repo, web_dir, docs)
    check_zip(repo, web_dir)
    for p in problems:
        print('FAIL:', p)
    print(f'web build: {len(problems)} problems')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
