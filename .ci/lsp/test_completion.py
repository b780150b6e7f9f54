"""Completion a person can use: one item per definition, values not used yet still match, the keyword's kind
first, choices of the values the specs use, items that complete multi-word prefixes in every client."""

import re

import pytest
from lsp_support import completion_items, open_document
from lsprotocol import types
from pytest_lsp import LanguageClient

DRAFT = "Feature: Draft\n  Scenario: s\n"


def sorted_items(items):
    return sorted(items, key=lambda item: item.sort_text or item.label)


def by_pattern(items, pattern: str):
    """The item of the definition whose expression is `pattern` (the start of its detail)."""
    return next(item for item in items if item.detail.startswith(pattern + " · "))


def patterns(items) -> list[str]:
    return [item.detail.split(" · ")[0] for item in items]


def omnifunc_keeps(item, line_to_cursor: str) -> str | None:
    """What Neovim 0.7–0.9's `omnifunc` does with an item: the word before the cursor (`\\k*$`) must start its
    inserted text, which replaces that word. The line after, or None when the item is filtered out."""
    prefix = re.search(r"[A-Za-z0-9_\u00c0-\u00ff]*$", line_to_cursor).group(0)
    word = item.text_edit.new_text if item.text_edit else (item.insert_text or item.label)
    if not word.startswith(prefix):
        return None
    return line_to_cursor[: len(line_to_cursor) - len(prefix)] + word


@pytest.mark.asyncio
async def test_one_item_per_definition_and_no_duplicates(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT + "    Given \n")
    items = await completion_items(client, uri, 2, 10)
    labels = [item.label for item in items]
    assert len(labels) == len(set(labels))
    assert "the cache holds {int} image(s) saved {duration} ago" in patterns(items)
    assert 30 < len(items) < 60, "about one item per definition of the feed's library"
    # The detail names the definition's place and its uses, as hover and `feed-specs steps` count them.
    cache = by_pattern(items, "the cache holds {int} image(s) saved {duration} ago")
    assert re.fullmatch(r".* · FeedAcceptance/FeedSteps\.swift:\d+ · used by \d+ steps?", cache.detail), cache.detail


@pytest.mark.asyncio
async def test_a_value_no_spec_uses_still_matches(client: LanguageClient):
    line = "    Given the cache holds 5 im"
    uri = await open_document(client, "draft.feature", DRAFT + line + "\n")
    items = await completion_items(client, uri, 2, len(line))
    assert "the cache holds {int} image(s) saved {duration} ago" in patterns(items)
    assert "the customer has connectivity" not in patterns(items), "the server keeps only the steps the text can become"
    item = by_pattern(items, "the cache holds {int} image(s) saved {duration} ago")
    assert item.label == "images saved 2 days ago", "the label is the text written, with a value the specs use"
    assert item.text_edit.range.start.character == len(line) - 2  # the word being typed, `im`
    # The duration is a choice of the values the specs use, or anything typed over it.
    assert re.fullmatch(r"images saved \$\{1\|[^|]*2 days[^|]*\|\} ago", item.text_edit.new_text), item.text_edit.new_text


@pytest.mark.asyncio
async def test_the_keywords_kind_comes_first(client: LanguageClient):
    uri = await open_document(
        client, "draft.feature", DRAFT + "    Given the customer has connectivity\n    Then the \n    And the \n"
    )
    for line, expected in ((3, "the app shows"), (4, "the app shows")):
        items = sorted_items(await completion_items(client, uri, line, len("    Then the ")))
        # `Then` (and an `And` after it) puts the outcome steps first.
        assert patterns(items)[0].startswith(("the app shows", "the cache", "the server was", "saving", "validation"))
    given = sorted_items(await completion_items(client, uri, 2, len("    Given the ")))
    assert patterns(given)[0].startswith(("the customer", "the server", "the cache", "the app reads", "the maximum"))
    assert not any(pattern.startswith("the app shows") for pattern in patterns(given[:10]))


@pytest.mark.asyncio
async def test_choices_hold_the_values_the_specs_use(client: LanguageClient):
    line = "    Then the app shows "
    uri = await open_document(client, "draft.feature", DRAFT + line + "\n")
    items = await completion_items(client, uri, 2, len(line))
    shows = by_pattern(items, "the app shows {int} image(s)")
    # After a space nothing is replaced: the step goes on from the cursor.
    assert shows.text_edit.range.start.character == len(line)
    assert re.fullmatch(r"\$\{1\|\d+(,\d+)*\|\} images", shows.text_edit.new_text), shows.text_edit.new_text
    assert shows.insert_text_format == types.InsertTextFormat.Snippet


@pytest.mark.asyncio
async def test_neovim_07_keeps_multi_word_items_and_writes_the_whole_step(neovim: LanguageClient):
    line = "    Given the cus"
    uri = await open_document(neovim, "draft.feature", DRAFT + line + "\n")
    items = await completion_items(neovim, uri, 2, len(line))
    kept = {item.detail.split(" · ")[0]: omnifunc_keeps(item, line) for item in items}
    assert kept["the customer has connectivity"] == "    Given the customer has connectivity"
    # Neovim 0.7 takes no snippets: plain text, with a value the specs use.
    line = "    Given the cache holds 5 im"
    await open_document(neovim, "values.feature", DRAFT + line + "\n")
    uri = (uri.rsplit("/", 1)[0]) + "/values.feature"
    items = await completion_items(neovim, uri, 2, len(line))
    cache = by_pattern(items, "the cache holds {int} image(s) saved {duration} ago")
    assert omnifunc_keeps(cache, line) == "    Given the cache holds 5 images saved 2 days ago"


@pytest.mark.asyncio
async def test_keywords_at_the_start_of_a_line(client: LanguageClient):
    uri = await open_document(client, "draft.feature", DRAFT + "    Given the customer has connectivity\n    Wh\n  Sc\n")
    items = await completion_items(client, uri, 3, 6)
    assert [item.label for item in items] == ["When"]
    assert items[0].text_edit.new_text == "When "
    assert items[0].text_edit.range.start == types.Position(line=3, character=4)
    items = await completion_items(client, uri, 4, 4)
    assert {item.label for item in items} >= {"Scenario:", "Scenario Outline:"}


@pytest.mark.asyncio
async def test_nothing_is_offered_inside_doc_strings_tables_and_comments(client: LanguageClient):
    text = (
        DRAFT
        + "    Given the server answers with status 200 and this feed:\n"
        + '      """\n      Given the \n      """\n'
        + "    Then the app shows these images:\n      | Given the |\n"
        + "    # Given the \n"
    )
    uri = await open_document(client, "draft.feature", text)
    for line in (4, 7, 8):
        assert not await completion_items(client, uri, line, len(text.split("\n")[line]))


@pytest.mark.asyncio
async def test_an_outlines_placeholders_stand_for_values(client: LanguageClient):
    line = "    Given the cache holds <count> images saved <age> a"
    text = "Feature: Draft\n  Scenario Outline: s\n" + line + "\n\n    Examples:\n      | count | age |\n      | 3 | 1 day |\n"
    uri = await open_document(client, "draft.feature", text)
    items = await completion_items(client, uri, 2, len(line))
    item = by_pattern(items, "the cache holds {int} image(s) saved {duration} ago")
    assert item.text_edit.new_text == "ago"


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "line",
    ["    Given the cache holds 5 im", "    When the customer op", "    Given the cache holds 5", "    Then the app sh"],
)
async def test_what_each_item_shows_is_what_it_writes_from_one_start(neovim: LanguageClient, line: str):
    """eglot completes on labels within the symbol at point, Neovim on the edit's text from the items' common
    range start, when no item has a filter text: each label is its edit's text, starting with the word typed."""
    uri = await open_document(neovim, "draft.feature", DRAFT + line + "\n")
    items = await completion_items(neovim, uri, 2, len(line))
    assert len(items) >= 2, [item.label for item in items]
    word = re.search(r"[A-Za-z0-9_'<>/*+&|=$%-]*$", line).group(0)
    starts = {item.text_edit.range.start.character for item in items}
    assert starts == {len(line) - len(word)}
    for item in items:
        assert item.label == item.text_edit.new_text and item.filter_text is None and item.insert_text is None
        assert item.label.startswith(word), (word, item.label)
    # The labels' common prefix, put in place of the word (what TAB does with several candidates), starts a step.
    common = item.label
    for other in items:
        while not other.label.startswith(common):
            common = common[:-1]
    written = line[: len(line) - len(word)] + common
    assert any((line[: len(line) - len(word)] + item.label).startswith(written) for item in items)
