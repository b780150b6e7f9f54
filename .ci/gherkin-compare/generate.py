#!/usr/bin/env python3
"""Writes random Gherkin documents, valid and invalid, for comparing parsers.

usage: generate.py DIR COUNT [SEED]

About half the documents are well-formed (every construct of the language, in random languages, with
random indentation, comments, tags, tables, doc strings, escapes, CRLF and Unicode); the others are the
same documents with random damage (lines dropped, duplicated, swapped, truncated, junk inserted); some get
lines assembled from tricky pieces (keywords of other languages, Unicode whitespace, delimiters, escapes).
"""
import json
import os
import random
import sys

from gherkin.dialect import DIALECTS

directory, count = sys.argv[1], int(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
os.makedirs(directory, exist_ok=True)

SPACES = [" ", "  ", "    ", "\t", " \t", "\u00a0", "\u3000", "\u2003", ""]
WORDS = ["cache", "feed", "image", "€uro", "naïve", "日本語", "🙂", "x", "load", "<a>", "<b>", "<name>", "a|b",
         "back\\slash", "tab\there", "  spaced  ", "@at", "#hash", "\"\"\"", "```", ":", "Given", "Feature:",
         "Scenario:", "|", "\\|", "\\n", "\\\\", "ṩ̃", "e\u0301", "\u200b", "x\u00a0y"]


def indent():
    return rng.choice(SPACES) * rng.choice([0, 1, 1, 2, 3])


SAFE_FIRST = ["cache", "feed", "image", "€uro", "naïve", "日本語", "🙂", "x", "load", "<a>", "ṩ̃", "e\u0301"]


def text(n=None):
    words = [rng.choice(WORDS) for _ in range(n if n is not None else rng.randint(0, 5))]
    if CLEAN[0] and words:
        words[0] = rng.choice(SAFE_FIRST)  # a description line must not start like a keyword, tag or table
    return " ".join(words)


def pick(keys):
    return rng.choice(keys)


def tag_line():
    tags = []
    for _ in range(rng.randint(1, 4)):
        name = rng.choice(["wip", "slow", "tag-1", "ünï", "a@b", "x:y", "", "@", "t#1"])
        tags.append("@" + name)
    sep = rng.choice([" ", "  ", "\t", ""])
    line = indent() + sep.join(tags)
    if rng.random() < 0.2:
        line += rng.choice([" #comment", "\t# c @x", " # ", "#nospace"])
    if rng.random() < 0.05 and not CLEAN[0]:
        line += " @bad tag"
    return line


def comment():
    return indent() + "#" + rng.choice(["", " a comment", " language: fr", "#", " |x|"])


def description(lines):
    for _ in range(rng.randint(0, 3)):
        choice = rng.random()
        if choice < 0.1:
            lines.append("")
        elif choice < 0.2:
            lines.append(comment())
        elif not CLEAN[0] or rng.random() < 0.5:
            lines.append(indent() + text(rng.randint(1, 6)) + rng.choice(["", " ", "\t"]))


CLEAN = [False]  # set per document: no constructs that are errors by themselves


def cell():
    if CLEAN[0]:
        return rng.choice(["", " ", "a", " b ", "\\|", "\\\\", "\\n", "ø", "<a>", "<b>", "1", "  two  ", "\u00a0z\u00a0"])
    return rng.choice(["", " ", "a", " b ", "\\|", "\\\\", "\\n", "x\\", "ø", "<a>", "<b>", "1", "  two  ", "\\t",
                       "\u00a0z\u00a0", "\\"])


def table(lines, columns=None, rows=None, damage=False):
    columns = columns or rng.randint(1, 4)
    for _ in range(rows or rng.randint(1, 4)):
        n = columns if not damage or rng.random() < 0.8 else rng.randint(1, 5)
        row = indent() + "|" + "|".join(cell() for _ in range(n)) + "|"
        if rng.random() < 0.1 and not CLEAN[0]:
            row += rng.choice([" trailing", "\\", " ", "\\|"])
        lines.append(row)
        if rng.random() < 0.1:
            lines.append(rng.choice(["", comment()]))


def docstring(lines):
    delim = rng.choice(['"""', "```"])
    ind = indent()
    lines.append(ind + delim + rng.choice(["", "", "json", " xml ", "text/plain", "<a>"]))
    for _ in range(rng.randint(0, 4)):
        lines.append(rng.choice([ind, ind + "  ", "", "\t"]) + rng.choice(
            [text(), '\\"\\"\\"', "\\`\\`\\`", '"""x' if delim == "```" else "```", "# not a comment", "@not a tag",
             "| not | a row |", "Given not a step", "  <a> and <b>"]))
    if rng.random() < 0.95 or CLEAN[0]:
        lines.append(ind + delim)


def steps(lines, d, outline=False):
    keywords = d["given"] + d["when"] + d["then"] + d["and"] + d["but"]
    for _ in range(rng.randint(0, 5)):
        kw = pick(keywords)
        lines.append(indent() + kw + text() + (" <a>" if outline and rng.random() < 0.5 else ""))
        r = rng.random()
        if r < 0.2:
            table(lines, damage=rng.random() < 0.1 and not CLEAN[0])
        elif r < 0.35:
            docstring(lines)
        elif r < 0.4:
            table(lines)
            docstring(lines)
        elif r < 0.45:
            docstring(lines)
            table(lines)
        if rng.random() < 0.1:
            lines.append(rng.choice(["", comment()]))


def title(kw):
    return indent() + kw + ":" + rng.choice(["", " ", " " + text(), "\t" + text(2) + " "])


def scenario(lines, d):
    for _ in range(rng.choice([0, 0, 1, 2])):
        lines.append(tag_line())
    outline = rng.random() < 0.4
    kw = pick(d["scenarioOutline"] if outline and rng.random() < 0.7 else d["scenario"])
    lines.append(title(kw) + (" <a> <b>" if outline else ""))
    description(lines)
    steps(lines, d, outline)
    if outline or rng.random() < 0.1:
        for _ in range(rng.randint(0, 3)):
            if rng.random() < 0.4:
                lines.append(tag_line())
            lines.append(title(pick(d["examples"])))
            description(lines)
            if rng.random() < 0.9:
                cols = rng.randint(1, 3)
                header = indent() + "|" + "|".join(rng.choice(["a", "b", "name", "a ", " b"]) for _ in range(cols)) + "|"
                lines.append(header)
                table(lines, columns=cols, rows=rng.randint(0, 3), damage=rng.random() < 0.1 and not CLEAN[0])
    lines.append("")


def background(lines, d):
    lines.append(title(pick(d["background"])))
    description(lines)
    steps(lines, d)
    lines.append("")


def document():
    language = rng.choice(["en"] * 6 + ["fr", "de", "es", "pt", "em", "no", "ht", "ja", "ru", "ar"] + ([] if CLEAN[0] else ["xx"]))
    d = DIALECTS.get(language, DIALECTS["en"])
    lines = []
    for _ in range(rng.randint(0, 2)):
        lines.append(rng.choice(["", comment()]))
    if language != "en" or rng.random() < 0.2:
        lines.append(rng.choice(["# language: ", "#language:", "  #  language :  ", "# language:"]) + language
                     + rng.choice(["", " ", "\t"]))
    for _ in range(rng.choice([0, 0, 1, 2])):
        lines.append(tag_line())
    lines.append(title(pick(d["feature"])))
    description(lines)
    if rng.random() < 0.4:
        background(lines, d)
    for _ in range(rng.randint(0, 4)):
        scenario(lines, d)
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        for _ in range(rng.choice([0, 1])):
            lines.append(tag_line())
        lines.append(title(pick(d["rule"])))
        description(lines)
        if rng.random() < 0.4:
            background(lines, d)
        for _ in range(rng.randint(0, 3)):
            scenario(lines, d)
    return lines


def damage(lines):
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.25:
            del lines[i]
        elif op < 0.45:
            lines.insert(i, lines[i])
        elif op < 0.6:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op < 0.75:
            lines[i] = lines[i][: rng.randint(0, len(lines[i]))]
        else:
            lines.insert(i, indent() + rng.choice(["junk line", "Given", "| a |", "@", "\"\"\"", "Examples:",
                                                   "Rule:", "Background:", "Feature: again", text()]))
    return lines


CHAOS_SPACES = [" ", "\t", "\u00a0", "\u3000", "\u2028", "\u0085", "\x1c", "\x1f", "\x0b", "\x0c", "\r", "\u200b",
                "\ufeff", "\u2009", "\u202f", "\u1680"]


def chaos_line():
    """A line assembled from tricky pieces: any keyword of a few languages, odd whitespace, delimiters."""
    d = DIALECTS[rng.choice(["en", "fr", "de", "ja", "ru", "em", "no", "ht"])]
    key = rng.choice(["feature", "rule", "background", "scenario", "scenarioOutline", "examples", "given", "when",
                      "then", "and", "but"])
    pieces = [rng.choice(d[key]) + rng.choice(["", ":", ": ", " :"]), "@" + rng.choice(WORDS), "|", "\\|", "\\",
              '"""', "```", '""""', "# language:" + rng.choice(["fr", "xx", " de", "en "]), "#", text(2),
              rng.choice(CHAOS_SPACES), "<a>", "\\n", "@"]
    line = "".join(rng.choice(CHAOS_SPACES) * rng.choice([0, 0, 1]) + rng.choice(pieces) for _ in range(rng.randint(1, 4)))
    return rng.choice(CHAOS_SPACES) * rng.choice([0, 1, 2]) + line


for n in range(count):
    CLEAN[0] = rng.random() < 0.4
    lines = document()
    if rng.random() < 0.15 and not CLEAN[0]:
        for _ in range(rng.randint(1, 8)):
            lines.insert(rng.randrange(len(lines) + 1), chaos_line())
    if rng.random() < 0.5 and not CLEAN[0]:
        lines = damage(lines)
    if rng.random() < 0.03 and not CLEAN[0]:
        lines = lines[: rng.randint(0, 3)]
    newline = "\r\n" if rng.random() < 0.15 else "\n"
    body = newline.join(lines)
    if rng.random() < 0.8:
        body += newline
    with open(os.path.join(directory, f"doc{n:05d}.feature"), "w", encoding="utf-8", newline="") as f:
        f.write(body)
