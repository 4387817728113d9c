#!/usr/bin/env python3
"""Generate a synthetic skill corpus for the bulk-publish benchmark.

    python3 bench/gen_corpus.py --skills N --seed S --out DIR

Writes N skill folders, DIR/pack-KKKK/<name>/SKILL.md, grouped 100 to a
pack so that publishing DIR exercises folder discovery at depth. About one
skill in five also gets references/notes.md, and some of those an executable
scripts/check.sh. DIR/manifest.txt lists every file (relative to DIR), one
per line, for the raw-SQLite baseline (bench/raw_insert.sh).

Why synthetic: the benchmark needs tens of thousands of skills shaped like
real ones (front-matter, rules, labelled claims, tables, links, code) so that
parsing, extraction and full-text indexing all do realistic work. The text is
built from invented words, so it is varied but means nothing.

Same arguments => byte-identical tree (contents and file modes). Every random
choice comes from random.Random seeded with a string derived from --seed and
the skill's index; Python's string seeding does not depend on PYTHONHASHSEED.
Standard library only.
"""
import argparse
import os
import random
import sys

PACK_SIZE = 100

# --- vocabulary ------------------------------------------------------------

UI_NOUNS = """button toolbar sidebar sheet panel tab slider toggle menu badge
canvas grid margin gutter inset header footer card list row column label icon
cursor pointer gesture swipe scroll overlay popover tooltip banner dialog
drawer spinner field form stepper picker chip avatar thumbnail caption title
hinge fold edge corner pane split layout spacing contrast palette font glyph
stroke shadow border focus target region viewport window frame bezel notch
handle grip thumb reach rotation posture scene state transition animation
timeline keyframe shortcut command action control widget dock shelf tray
carousel stack tile ribbon breadcrumb anchor marker divider outline cell
preview badge scrim sheet footer legend axis""".split()
UI_ADJS = """narrow wide tall compact dense sparse primary secondary floating
pinned sticky modal inline leading trailing lower upper outer inner quiet bold
soft steady nested hidden visible default custom tinted muted flat raised
folded open closed portrait landscape""".split()
VERBS = """move keep hold push pin wrap clip snap trim fold align mirror centre
nudge shift reserve hide reveal collapse expand anchor track group split stack
rank order lift dim scale""".split()
PREPS = """on near under above beside across along inside past toward between
behind around""".split()
DETS = ["the", "the", "the", "a", "each", "every", "one", "no"]
LINKERS = [", so", ", and", ", because", " when", " while", " unless", ", but"]
MONTHS = "January February March April May June July August September October November December".split()
ONSETS = "b br c cl d dr f fl g gl gr h j k l m n p pl pr qu r s sk sl sp st t tr v w z sh ch th".split()
VOWELS = "a e i o u ai ea oo ou ie".split()
CODAS = ["", "", "", "n", "r", "l", "s", "t", "m", "nd", "st", "rk", "ll", "x", "ck", "ng"]


def invented_words(rng, count):
    """Pronounceable made-up words, unique, a-z only."""
    words, seen = [], set()
    while len(words) < count:
        w = "".join(rng.choice(ONSETS) + rng.choice(VOWELS) + rng.choice(CODAS)
                    for _ in range(rng.choice((2, 2, 3))))
        if 4 <= len(w) <= 12 and w not in seen:
            seen.add(w)
            words.append(w)
    return words


def third_person(verb):
    return verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z")) else "s")


class Vocab:
    def __init__(self, seed):
        rng = random.Random("vocab-%s" % seed)
        inv = invented_words(rng, 5000)
        self.inv_nouns = inv[:3500]
        self.inv_adjs = [w + rng.choice(("ic", "ous", "al", "ant", "ive", "ish")) for w in inv[3500:4300]]
        self.inv_verbs = inv[4300:4700]
        self.inv_names = [w.capitalize() for w in inv[4700:]]
        self.nouns = UI_NOUNS
        self.adjs = UI_ADJS


# --- text builders -------------------------------------------------------------


class Writer:
    """Builds one skill's text from a per-skill random stream."""

    def __init__(self, vocab, rng, n_skills):
        self.v, self.r, self.n = vocab, rng, n_skills

    def pick(self, seq):
        return self.r.choice(seq)

    def noun(self):
        return self.pick(self.v.nouns) if self.r.random() < 0.55 else self.pick(self.v.inv_nouns)

    def adj(self):
        return self.pick(self.v.adjs) if self.r.random() < 0.6 else self.pick(self.v.inv_adjs)

    def verb(self):
        return self.pick(VERBS) if self.r.random() < 0.6 else self.pick(self.v.inv_verbs)

    def np(self, depth=0):
        words = [self.pick(DETS)]
        if self.r.random() < 0.5:
            words.append(self.adj())
        words.append(self.noun())
        if words[0] == "a" and words[1][0] in "aeiou":
            words[0] = "an"
        if depth == 0 and self.r.random() < 0.25:
            words += ["of", self.np(1)]
        return " ".join(words)

    def clause(self):
        s = "%s %s %s" % (self.np(), third_person(self.verb()), self.np())
        if self.r.random() < 0.5:
            s += " %s %s" % (self.pick(PREPS), self.np())
        return s

    def bare(self):
        """A sentence without its final period, first letter capitalised."""
        s = self.clause()
        if self.r.random() < 0.45:
            s += self.pick(LINKERS) + " " + self.clause()
        return s[0].upper() + s[1:]

    def sentence(self):
        return self.bare() + "."

    def title(self, words=None):
        ws = [self.adj(), self.noun()] + ([self.pick(PREPS), self.noun()] if self.r.random() < 0.5 else [])
        t = " ".join(words or ws)
        return t[0].upper() + t[1:]

    def date(self):
        return "%d %s %d" % (self.r.randint(1, 28), self.pick(MONTHS), self.r.randint(2024, 2027))

    def mmss(self, t):
        return "%d:%02d" % (t // 60, t % 60)

    # links
    def talk_link(self):
        talk, t = self.r.randint(100000, 999999), self.r.randint(5, 1800)
        text = "talk %d, %s" % (talk, self.mmss(t))
        if self.r.random() < 0.2:
            text += " to " + self.mmss(t + self.r.randint(5, 90))
        return "[%s](https://talks.example.org/videos/%d/?time=%d)" % (text, talk, t)

    def guide_link(self):
        section = self.title()
        anchor = section.replace(" ", "-")
        slug = "%s-%s" % (self.pick(self.v.inv_nouns), self.pick(self.v.nouns))
        text = self.pick(["Guide", "Guide, " + section, section])
        return "[%s](https://guides.example.org/design/%s#%s)" % (text, slug, anchor)

    def registry_link(self, sources):
        k = self.r.randint(1, 40)
        return "[A%d](%s#a%d)" % (k, sources, k)

    def ref_link(self, bundled):
        path = "references/notes.md" if bundled and self.r.random() < 0.7 else \
            "references/%s.md" % self.pick(["measured", "reach", "layout", "glossary", "timings"])
        return "[%s](%s)" % (path, path)

    def any_link(self, ctx):
        k = self.r.random()
        if k < 0.4:
            return self.talk_link()
        if k < 0.75:
            return self.guide_link()
        if k < 0.88:
            return self.registry_link(ctx["sources"])
        return self.ref_link(ctx["bundled"])

    def cited(self, ctx):
        return "%s (%s)." % (self.bare(), self.any_link(ctx))

    # labelled claims, every form the extractor must understand
    def claim(self, ctx, form=None):
        form = form if form is not None else self.r.randrange(9)
        b = self.bare()
        if form == 0:
            return "*Measured*: %s%s." % (b[0].lower(), b[1:])
        if form == 1:
            return "*Judgement:* %s%s." % (b[0].lower(), b[1:])
        if form == 2:
            return "%s (*measured*, %s)." % (b, self.date())
        if form == 3:
            return "%s (*judgement*)." % b
        if form == 4:
            return "%s %ss %s the %s are *unverified*." % (
                self.title([self.adj()]), self.noun(), self.pick(PREPS), self.noun())
        if form == 5:
            a, b2 = self.r.randint(30, 200) + 0.1 * self.r.randint(0, 9), self.r.randint(20, 150)
            return "*Derived* from the %s spec: %s is %.1f \u00d7 %d mm, %s." % (
                self.adj(), self.np(), a, b2, self.clause())
        if form == 6:
            return "%s (*derived*: %d pt at %dx)." % (b, self.r.randint(8, 120), self.r.randint(1, 3))
        if form == 7:
            return "Not yet measured: %s." % self.clause()
        return self.cited(ctx)

    def paragraph(self, ctx, n=None):
        out = []
        for _ in range(n or self.r.randint(2, 6)):
            k = self.r.random()
            out.append(self.claim(ctx) if k < 0.35 else self.cited(ctx) if k < 0.5 else self.sentence())
        return " ".join(out)

    def crosslinks(self, ctx, k):
        picks = []
        for _ in range(k):
            j = self.r.randrange(self.n)
            if j != ctx["index"]:
                picks.append("`%s` (%s)" % (skill_name(self.v, j), self.clause()))
        return picks

    def table(self, ctx):
        cols = self.r.randint(3, 5)
        head = [self.title([self.adj(), self.noun()]) for _ in range(cols)]
        rows = ["| " + " | ".join(head) + " |", "|" + "---|" * cols]
        forced = self.r.randrange(cols - 1) + 1
        for i in range(self.r.randint(3, 5)):
            cells = []
            for c in range(cols):
                if c == 0:
                    cells.append(self.title())
                elif i == 0 and c == forced:
                    cells.append("%s (derived; unverified)" % self.title())
                else:
                    k = self.r.random()
                    cells.append(self.claim(ctx) if k < 0.25 else self.cited(ctx) if k < 0.4
                                 else self.title() + (" (unverified)" if k > 0.93 else ""))
            rows.append("| " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def code(self):
        name = self.pick(self.v.inv_names)
        lines = ["```swift", "struct %sView: View {" % name, "    var body: some View {",
                 "        %sStack(spacing: %d) {" % (self.pick(["V", "H", "Z"]), self.r.randint(4, 24))]
        for _ in range(self.r.randint(2, 8)):
            lines.append('            %s("%s")' % (self.pick(["Text", "Label", "Button", "Toggle"]), self.title()))
            for _ in range(self.r.randint(0, 2)):
                lines.append("                .%s%s(.%s)" % (self.pick(self.v.inv_verbs),
                                                            self.noun().capitalize(), self.adj()))
        lines += ["        }", "        .padding(%d)" % self.r.randint(4, 32), "    }", "}", "```"]
        return "\n".join(lines)

    def rules(self, ctx):
        out = ["## Rules", ""]
        for i in range(1, self.r.randint(5, 12) + 1):
            t = "%s %s %s %s" % (self.verb().capitalize(), self.np(), self.pick(PREPS), self.np())
            body = [self.claim(ctx) if self.r.random() < 0.5 else self.cited(ctx)]
            if self.r.random() < 0.4:
                body.append(self.sentence())
            if self.r.random() < 0.2:
                body.append("See rules R%d and R%d of `%s`." % (
                    self.r.randint(1, 6), self.r.randint(7, 12), skill_name(self.v, self.r.randrange(self.n))))
            out.append("%d. **%s.** %s" % (i, t, " ".join(body)))
        return "\n".join(out)


def skill_name(vocab, i):
    r = random.Random("name-%d" % i)
    return "gen-%05d-%s-%s" % (i, r.choice(vocab.adjs + vocab.nouns), r.choice(vocab.nouns))


def description(w):
    quoted = w.r.random() < 0.5
    target = w.r.randint(100, 600)
    parts = ["%s %s %s." % (third_person(w.verb()).capitalize(), w.np(), w.pick(PREPS) + " " + w.np())]
    extra = ["Use it when %s." % w.clause(), "Use it when %s; or when %s." % (w.clause(), w.clause()),
             "Covers %s, %s and %s." % (w.np(), w.np(), w.np())]
    if quoted:
        extra.append("Covers: %s, %s, and %s." % (w.np(), w.np(), w.np()))
    while True:
        nxt = w.pick(extra) if len(parts) > 1 else extra[0]
        if len(" ".join(parts + [nxt])) > min(target, 600):
            break
        parts.append(nxt)
        extra.append("When %s, %s." % (w.clause(), w.clause()))
    d = " ".join(parts)
    while len(d) < 100:
        d += " Use it when %s." % w.clause()
    d = d[:600]
    return '"%s"' % d.replace("\\", "\\\\").replace('"', '\\"') if quoted else d


def skill_text(vocab, index, seed, n, bundled):
    r = random.Random("skill-%s-%d" % (seed, index))
    w = Writer(vocab, r, n)
    name = skill_name(vocab, index)
    sources = "https://example.org/%s/pack-%04d/sources.md" % (r.choice(vocab.inv_nouns), index // PACK_SIZE)
    ctx = {"index": index, "sources": sources, "bundled": bundled}
    product = "%s %s" % (r.choice(vocab.inv_names), r.choice(["Slate", "Fold", "Pad", "Tab", "Deck"]))
    rig = "%s %d.%d" % (r.choice(vocab.inv_names), r.randint(1, 30), r.randint(0, 9))
    front = ["---", "name: " + name, "description: " + description(w), 'version: "1.0.0"', "metadata:",
             '  verified: "%s (%d%s%d), %s simulator, device: no"' % (
                 rig, r.randint(10, 40), r.choice("ABCDEF"), r.randint(1000, 9999), product),
             '  sources: "%s"' % sources, "---", ""]
    intro = ["# " + name, "", w.paragraph(ctx, r.randint(3, 5)), "",
             "Load other skills for neighbouring work: %s." % ", ".join(w.crosslinks(ctx, r.randint(2, 5))), "",
             "Labels: a link means the guide says it. *Measured* means we ran it on the %s rig (%s, %s); "
             "details in %s. *Derived* means arithmetic on published numbers. *Judgement* means this pack's "
             "advice. *Unverified* means we could not confirm it." % (
                 product, rig, w.date(), w.ref_link(bundled)), ""]
    # Sections: each form of claim appears at least once; then pad to a target size.
    sections = [["## " + (("%d. " % (k + 1)) if r.random() < 0.4 else "") + w.title()]
                for k in range(r.randint(3, 6))]
    must = [w.claim(ctx, f) for f in range(9)] + ["%s (%s)." % (w.bare(), link) for link in (
        w.talk_link(), w.guide_link(), w.registry_link(sources), w.ref_link(bundled))]
    r.shuffle(must)
    for k, c in enumerate(must):
        sections[k % len(sections)].append(c + (" " + w.sentence() if r.random() < 0.4 else ""))
    sections[r.randrange(len(sections))].append(w.table(ctx))
    sections[r.randrange(len(sections))].append(w.code())
    target = r.randint(4096, 14000)
    rules = w.rules(ctx)

    def size():
        return len("\n".join(front + intro + ["\n\n".join(s) for s in sections] + [rules]).encode())
    while size() < target:
        sec = r.choice(sections)
        sec.insert(r.randint(2, len(sec)), w.paragraph(ctx))
    body = "\n\n".join(["\n".join(front + intro).rstrip("\n")] + ["\n\n".join(s) for s in sections] + [rules])
    return name, body + "\n"


def notes_text(w, name, ctx):
    out = ["# Notes for %s" % name, "", w.paragraph(ctx), "", "## %s" % w.title(), ""]
    for _ in range(w.r.randint(3, 8)):
        out.append("- %s" % w.claim(ctx))
    out += ["", w.paragraph(ctx), ""]
    return "\n".join(out)


def check_script(w, name):
    return ("#!/bin/sh\n# Quick self-check for %s: the skill names itself and keeps its rules.\n"
            "set -eu\ncd \"$(dirname \"$0\")/..\"\ngrep -q '^name: %s$' SKILL.md\n"
            "grep -q '^## Rules$' SKILL.md\necho \"%s: ok (%s)\"\n" % (name, name, name, w.title()))


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text.encode("utf-8"))
    os.chmod(path, mode)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--skills", type=int, required=True)
    ap.add_argument("--seed", default="1")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    if a.skills < 1 or a.skills > 99999:
        sys.exit("gen_corpus: --skills must be 1..99999")
    if os.path.exists(a.out) and os.listdir(a.out):
        sys.exit("gen_corpus: %s exists and is not empty" % a.out)
    vocab = Vocab(a.seed)
    manifest = []
    for i in range(a.skills):
        r = random.Random("bundle-%s-%d" % (a.seed, i))
        bundled, scripted = r.random() < 0.2, r.random() < 0.5
        name, text = skill_text(vocab, i, a.seed, a.skills, bundled)
        rel = "pack-%04d/%s" % (i // PACK_SIZE, name)
        files = [("SKILL.md", text, 0o644)]
        if bundled:
            w = Writer(vocab, r, a.skills)
            ctx = {"index": i, "sources": "https://example.org/sources.md", "bundled": True}
            files.append(("references/notes.md", notes_text(w, name, ctx), 0o644))
            if scripted:
                files.append(("scripts/check.sh", check_script(w, name), 0o755))
        for sub, body, mode in files:
            write(os.path.join(a.out, rel, sub), body, mode)
            manifest.append("%s/%s" % (rel, sub))
    write(os.path.join(a.out, "manifest.txt"), "".join(p + "\n" for p in manifest))


if __name__ == "__main__":
    main()
