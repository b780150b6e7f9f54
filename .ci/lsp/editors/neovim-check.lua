-- Drives Neovim's own LSP client against feed-specs lsp, with the README's init.lua, in a headless Neovim
-- (`.ci/lsp/editors/neovim-check.sh` runs it): diagnostics (in insert mode too), hover, definition, completion
-- of a multi-word step through Neovim's own omnifunc with one candidate and several, the code action that writes
-- the step into the Swift library and shows it, rename, a scenario run from its code lens (the reason first) and
-- another from the key that runs the scenario under the cursor (the first's results kept). Writes a report of
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

record("diagnostics are shown in insert mode (update_in_insert)", vim.diagnostic.config().update_in_insert == true)

-- Completion through Neovim's own omnifunc, as <C-x><C-o> runs it: `vim.lsp.omnifunc` asks the server and hands
-- `vim.fn.complete` the start column and the items; choosing an item replaces from that column to the cursor.
-- A headless script is never in insert mode, which omnifunc checks before completing: `mode()` says it is.
local function omnifunc(row, text)
  vim.api.nvim_buf_set_lines(buffer, row, row + 1, false, { text })
  vim.api.nvim_win_set_cursor(0, { row + 1, #text })
  local offered
  local complete, mode = vim.fn.complete, vim.fn.mode
  vim.fn.complete = function(column, items) offered = { column = column, items = items } end
  vim.fn.mode = function() return "i" end
  vim.lsp.omnifunc(1, "")
  vim.wait(10000, function() return offered ~= nil end, 20)
  vim.fn.complete, vim.fn.mode = complete, mode
  local lines = {}
  for _, item in ipairs(offered and offered.items or {}) do
    table.insert(lines, text:sub(1, offered.column - 1) .. item.word)
  end
  return lines
end
local lines = omnifunc(4, "    Given the cus")
record("omnifunc, one of several candidates: `Given the cus` becomes `Given the customer has connectivity`",
  vim.tbl_contains(lines, "    Given the customer has connectivity"), table.concat(lines, " | "):sub(1, 200))
lines = omnifunc(4, "    Given the cache holds 5 im")
local clean = #lines >= 2
for _, line in ipairs(lines) do
  if not line:find("^    Given the cache holds 5 images ") then clean = false end
end
record("omnifunc with several candidates after a value: each writes the typed value and the rest of the step",
  clean and vim.tbl_contains(lines, "    Given the cache holds 5 images saved 2 days ago"), table.concat(lines, " | "))
vim.api.nvim_buf_set_lines(buffer, 4, 5, false, { "    Given the cus" })

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
local shown = vim.wait(10000, function()
  return vim.api.nvim_get_current_buf() == swift
    and vim.api.nvim_get_current_line():find('steps.when("the customer scrolls {int} times")', 1, true) ~= nil
end, 50)
record("the written step is shown: a split on FeedSteps.swift at the new definition", shown,
  vim.api.nvim_buf_get_name(0) .. ":" .. vim.api.nvim_win_get_cursor(0)[1])
vim.cmd("wincmd p")

-- Rename a step's text everywhere (the edits stay in buffers: nothing is saved).
vim.api.nvim_win_set_cursor(0, { 4, 12 })
vim.lsp.buf.rename("the customer opens the app")
local renamed = vim.wait(10000, function()
  return vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1] == "    When the customer opens the app"
end, 50)
record("rename rewrites the step", renamed, vim.api.nvim_buf_get_lines(buffer, 3, 4, false)[1])
local renamed_shown = vim.wait(10000, function()
  return vim.api.nvim_get_current_buf() == swift
    and vim.api.nvim_get_current_line():find('"the customer opens the app"', 1, true) ~= nil
end, 50)
record("the renamed Swift literal is shown", renamed_shown)
vim.cmd("only")

-- Run a scenario from its code lens, as a person would (<leader>cl on the scenario's line): the failing step is
-- marked with the run's diagnostic, its message and the Swift line where it failed.
vim.o.hidden = true  -- the changed buffers stay unsaved while another file is edited
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
record("the scenario run from its code lens marks its failing step, the reason first", marked
  and failing.message:find('^Expected the app to show the error message "Could not connect", but it showed') ~= nil
  and failing.message:find(" — FeedWorld%+App%.swift:%d+\n") ~= nil
  and failing.message:find("at FeedAcceptance/", 1, true) ~= nil, failing and failing.message:gsub("\n", " | "))
local passing = true
for _, diagnostic in ipairs(vim.diagnostic.get(run)) do
  if diagnostic.lnum < 9 then passing = false end
end
record("the passing scenario, not run, has no diagnostic", passing)

-- Then the first scenario from the key that runs the scenario under the cursor (<leader>r on one of its steps):
-- the second's failure stays, and the feature's lens sums both.
vim.api.nvim_win_set_cursor(0, { 7, 6 })
vim.cmd("normal \\r")  -- the keys a person types: \ (the leader) then r
local feature_lens
local both = vim.wait(30000, function()
  vim.lsp.codelens.refresh()
  vim.wait(200)
  for _, lens in ipairs(vim.lsp.codelens.get(run)) do
    if lens.range.start.line == 0 and lens.command then feature_lens = lens.command.title end
  end
  return feature_lens ~= nil and feature_lens:find("1 passed", 1, true) ~= nil
end, 100)
local kept = false
for _, diagnostic in ipairs(vim.diagnostic.get(run)) do
  if diagnostic.lnum == 12 then kept = true end
end
record("running the first scenario keeps the second's failure", both and kept)
record("the feature's lens sums the latest result of each scenario",
  both and feature_lens:find("1 failed", 1, true) ~= nil, feature_lens)

-- speckit.build (the ⚒ lens runs it): the command is built, and the server restarts on the new build in its own
-- place, taking the session over; the editor's client goes on as before.
local messages = {}
local show_message = vim.lsp.handlers["window/showMessage"]
vim.lsp.handlers["window/showMessage"] = function(err, result, ctx, config)
  table.insert(messages, result.message)
  return show_message(err, result, ctx, config)
end
vim.lsp.buf.execute_command({ command = "speckit.build", arguments = {} })
local restarted = vim.wait(300000, function()
  for _, message in ipairs(messages) do
    if message:find("^Restarted feed%-specs lsp on its new build") or message:find("^The build") then return true end
  end
  return false
end, 100)
record("speckit.build builds and restarts the server on the new build", restarted
  and messages[#messages]:find("^Restarted") ~= nil, table.concat(messages, " | "))
local after = vim.lsp.buf_request_sync(run, "textDocument/hover",
  { textDocument = { uri = vim.uri_from_bufnr(run) }, position = { line = 5, character = 12 } }, 10000)
local answered = false
for _, answer in pairs(after or {}) do
  if answer.result and answer.result.contents.value:find("the cache is empty", 1, true) then answered = true end
end
record("after the restart the same client gets answers", answered)
finish()
