-- Drives Neovim's own LSP client against feed-specs lsp, with the README's init.lua, in a headless Neovim
-- (`.ci/lsp/editors/neovim-check.sh` runs it): diagnostics, hover, definition, omnifunc completion of a
-- multi-word step, the code action that writes the step into the Swift library, rename. Writes a report of
-- what it saw to $NVIM_CHECK_OUT; nothing is saved to disk.
local out = {}
local function save()
  local file = io.open(os.getenv("NVIM_CHECK_OUT"), "w")
  file:write(table.concat(out, "\n") .. "\n")
  file:close()
end
local function record(name, ok, detail)
  table.insert(out, (ok and "ok   " or "FAIL ") .. name .. (detail and (": " .. tostring(detail)) or ""))
  save()
end
local function finish()
  save()
  vim.cmd("qall!")
end
local buffer = vim.api.nvim_get_current_buf()
local attached = vim.wait(20000, function() return #vim.lsp.buf_get_clients(buffer) > 0 end, 50)
record("the server attaches to a .feature buffer", attached)
if not attached then return finish() end
local diagnosed = vim.wait(20000, function() return #vim.diagnostic.get(buffer) > 0 end, 50)
local diagnostics = vim.diagnostic.get(buffer)
record("diagnostics: the typo on line 3 with its did-you-mean", diagnosed and diagnostics[1].lnum == 2
  and diagnostics[1].message:find("the customer has connectivity", 1, true) ~= nil, diagnostics[1] and diagnostics[1].message)

local function request(method, params)
  local result = vim.lsp.buf_request_sync(buffer, method, params, 10000)
  for _, answer in pairs(result or {}) do return answer.result end
end
local function at(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(buffer) }, position = { line = line, character = character } }
end
local hover = request("textDocument/hover", at(3, 12))
record("hover shows the expression and its uses", hover and hover.contents.value:find("Used by", 1, true) ~= nil)
local definition = request("textDocument/definition", at(3, 12))
definition = definition and (definition[1] or definition)
record("definition goes to FeedSteps.swift", definition and definition.uri:find("FeedSteps.swift", 1, true) ~= nil)

-- Completion of `Given the cus` on line 5 through Neovim's own omnifunc path: the word before the cursor (`\k*$`)
-- is the prefix its `text_document_completion_list_to_complete_items` filters on, and the start of what it replaces.
local line = vim.api.nvim_buf_get_lines(buffer, 4, 5, false)[1]
local start = vim.fn.match(line, "\\k*$")
local prefix = line:sub(start + 1)
local result = request("textDocument/completion", at(4, #line))
local items = vim.lsp.util.text_document_completion_list_to_complete_items(result, prefix)
local words = {}
local completed = false
for _, item in ipairs(items) do
  table.insert(words, item.word)
  if line:sub(1, start) .. item.word == "    Given the customer has connectivity" then completed = true end
end
record("omnifunc keeps `customer has connectivity` for `Given the cus` and writes the whole step", completed,
  table.concat(words, " | "):sub(1, 200))

-- The code action that writes the step: Neovim asks which action; pick it, as a person would.
vim.ui.select = function(items, options, choose)
  for index, item in ipairs(items) do
    local action = item[2] or item.action or item
    if (action.title or ""):find("Write the step definition", 1, true) then return choose(item, index) end
  end
  choose(nil, nil)
end
vim.api.nvim_win_set_cursor(0, { 6, 8 })
vim.lsp.buf.code_action()
local swift = vim.fn.bufnr("FeedSteps.swift")
local written = vim.wait(10000, function()
  swift = vim.fn.bufnr("FeedSteps.swift")
  if swift < 0 then return false end
  return table.concat(vim.api.nvim_buf_get_lines(swift, 0, -1, false), "\n"):find('steps.when("the customer scrolls {int} times")', 1, true) ~= nil
end, 50)
record("the code action writes the step into FeedSteps.swift (not saved)", written)

-- Rename a step's text everywhere (the edits stay in buffers: nothing is saved).
vim.api.nvim_win_set_cursor(0, { 4, 12 })
vim.lsp.buf.rename("the customer opens the app")
local renamed = vim.wait(10000, function()
  return vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1] == "    When the customer opens the app"
end, 50)
record("rename rewrites the step", renamed, vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1])

-- Run a scenario from its code lens, as a person would (<leader>cl on the scenario's line): the failing step is
-- marked with the run's diagnostic, its message and the Swift line where it failed.
vim.cmd("edit " .. os.getenv("NVIM_CHECK_RUN"))
local run = vim.api.nvim_get_current_buf()
vim.wait(20000, function() return #vim.lsp.buf_get_clients(run) > 0 end, 50)
vim.lsp.codelens.refresh()
local lensed = vim.wait(10000, function()
  for _, lens in ipairs(vim.lsp.codelens.get(run)) do
    if lens.range.start.line == 9 and lens.command and lens.command.command == "speckit.run" then return true end
  end
  return false
end, 50)
record("code lenses over the feature and each scenario", lensed)
vim.api.nvim_win_set_cursor(0, { 10, 2 })
vim.lsp.codelens.run()
local failing
local marked = vim.wait(30000, function()
  for _, diagnostic in ipairs(vim.diagnostic.get(run)) do
    if diagnostic.lnum == 12 and diagnostic.message:find("[failed]", 1, true) then
      failing = diagnostic
      return true
    end
  end
  return false
end, 50)
record("the scenario run from its code lens marks its failing step", marked
  and failing.message:find("at FeedAcceptance/", 1, true) ~= nil, failing and failing.message:gsub("\n", " | "))
local passing = true
for _, diagnostic in ipairs(vim.diagnostic.get(run)) do
  if diagnostic.lnum < 9 then passing = false end
end
record("the passing scenario, not run, has no diagnostic", passing)
finish()
