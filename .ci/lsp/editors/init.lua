-- feed-specs lsp for the .feature files of a Swift package (Neovim 0.7 to 0.11), in init.lua.
vim.diagnostic.config({ update_in_insert = true })     -- diagnostics as you type, in insert mode too
local clients, warned = {}, {}
local function show_document(_, result)                -- the Swift code a quick fix or a rename just wrote
  vim.cmd("split " .. vim.fn.fnameescape(vim.uri_to_fname(result.uri)))
  if result.selection then vim.api.nvim_win_set_cursor(0, { result.selection.start.line + 1, 0 }) end
  return { success = true }
end
local function start_feed_specs(args)
  local file = vim.api.nvim_buf_get_name(args.buf)
  local package = vim.fn.findfile("Package.swift", vim.fn.fnamemodify(file, ":p:h") .. ";")
  if package == "" then return end
  local root = vim.fn.fnamemodify(package, ":p:h")
  local binary = root .. "/.build/release/feed-specs"
  if vim.fn.executable(binary) ~= 1 then
    if not warned[root] then
      warned[root] = true
      vim.notify("feed-specs: no server at " .. binary .. ". Build it in " .. root
        .. " with: swift build -c release --product feed-specs", vim.log.levels.WARN)
    end
    return
  end
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  capabilities.window.showDocument = { support = true }
  local config = {
    name = "feed-specs",
    cmd = { binary, "lsp" },
    root_dir = root,
    capabilities = capabilities,
    handlers = { ["window/showDocument"] = vim.lsp.handlers["window/showDocument"] or show_document },
    on_attach = function(client, buffer)
      local function map(keys, action) vim.keymap.set("n", keys, action, { buffer = buffer }) end
      map("K", vim.lsp.buf.hover)                       -- the step's definition, its comment, its uses
      map("gd", vim.lsp.buf.definition)                 -- the Swift definition
      map("gr", vim.lsp.buf.references)                 -- every step using the same definition
      map("<leader>ca", vim.lsp.buf.code_action)        -- fix a typo, write the step in Swift
      map("<leader>rn", vim.lsp.buf.rename)             -- rename a step everywhere
      map("<leader>f", vim.lsp.buf.format or vim.lsp.buf.formatting)
      map("<leader>e", vim.diagnostic.open_float)       -- the whole failure or problem of the line
      map("<leader>s", vim.lsp.buf.document_symbol)     -- the feature's scenarios
      map("<leader>cl", vim.lsp.codelens.run)           -- the code lens on the cursor's line
      map("<leader>r", function()                       -- run the scenario (or examples row) under the cursor
        vim.lsp.buf.execute_command({
          command = "speckit.run", arguments = { vim.uri_from_bufnr(0), vim.fn.line(".") - 1 },
        })
      end)
      vim.bo[buffer].omnifunc = "v:lua.vim.lsp.omnifunc" -- <C-x><C-o> completes a step
      if client.server_capabilities.codeLensProvider then
        vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "BufWritePost", "DiagnosticChanged" }, {
          buffer = buffer, callback = function() vim.lsp.codelens.refresh() end,
        })
        vim.lsp.codelens.refresh()                       -- "▶ Run" above the feature and each scenario
      end
    end,
  }
  if vim.lsp.start then
    vim.lsp.start(config)                                -- 0.8 and later: one server per package
  else
    clients[root] = clients[root] or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(args.buf, clients[root])   -- 0.7
  end
end
vim.api.nvim_create_autocmd("FileType", { pattern = "cucumber", callback = start_feed_specs })
