-- Drives `momenta lsp --stdio` from Neovim's own LSP client (0.7 API), writes what it saw as JSON to $MOMENTA_OUT
local out = {}
local function wait(what, check)
  -- a guard, not a delay: returns as soon as `check` holds
  if not vim.wait(120000, check, 20) then out.timeout = what end
  return not out.timeout
end
local function finish()
  local file = io.open(os.getenv("MOMENTA_OUT"), "w")
  file:write(vim.fn.json_encode(out))
  file:close()
  vim.cmd("qa!")
end

local client_id = vim.lsp.start_client({
  name = "momenta",
  root_dir = os.getenv("MOMENTA_ROOT"),
  cmd = vim.fn.json_decode(os.getenv("MOMENTA_CMD")),
})
vim.cmd("edit " .. os.getenv("MOMENTA_ROOT") .. "/content/conditions/hindered.json")
vim.lsp.buf_attach_client(0, client_id)
local uri = vim.uri_from_bufnr(0)
local function request(method, params)
  local results = vim.lsp.buf_request_sync(0, method, params, 120000) or {}
  local answer = results[client_id] or {}
  return answer.result, answer.error
end

-- diagnostics after an edit
local line = vim.api.nvim_buf_get_lines(0, 17, 18, false)[1]
vim.api.nvim_buf_set_lines(0, 17, 18, false, { (line:gsub("%[%[SPD%]%]", "[[Hindred]]")) })
if not wait("diagnostics", function() return #vim.diagnostic.get(0) > 0 end) then return finish() end
local diagnostic = vim.diagnostic.get(0)[1]
out.diagnostic = { message = diagnostic.message, line = diagnostic.lnum, col = diagnostic.col }

-- the quick fix for it
local actions = request("textDocument/codeAction", {
  textDocument = { uri = uri },
  range = { start = { line = diagnostic.lnum, character = diagnostic.col },
    ["end"] = { line = diagnostic.end_lnum, character = diagnostic.end_col } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(0, diagnostic.lnum) },
})
out.actions = vim.tbl_map(function(action) return action.title end, actions or {})

-- completion inside `[[`
vim.api.nvim_buf_set_lines(0, 17, 18, false, { '  "effect": "See [[Impai' })
local completion = request("textDocument/completion", {
  textDocument = { uri = uri }, position = { line = 17, character = 24 },
})
out.completion = vim.tbl_map(function(item) return item.label end, (completion or {}).items or {})
vim.api.nvim_buf_set_lines(0, 17, 18, false, { line })

-- rename: refused for a taken name, escaped for a quote
local name_at = { line = 3, character = 12 }
local _, refused = request("textDocument/rename", { textDocument = { uri = uri }, position = name_at, newName = "Dodge" })
out.refused = refused and { code = refused.code, message = refused.message } or vim.NIL
local edit = request("textDocument/rename", { textDocument = { uri = uri }, position = name_at, newName = 'Held "Fast"' })
local own = edit and edit.changes and edit.changes[uri] or {}
out.renamed = vim.tbl_map(function(change) return change.newText end, own)

-- document symbols
local symbols = request("textDocument/documentSymbol", { textDocument = { uri = uri } })
out.symbols = vim.tbl_map(function(symbol) return symbol.name end, symbols or {})

-- JSON field completion and hover from the kind's schema, as Neovim's omnifunc and hover window show them: the
-- prefix is the line from the items' textEdit start to the cursor (what omnifunc's adjust_start_col takes)
vim.api.nvim_buf_set_lines(0, 8, 8, false, { '  "d' })
local fields = request("textDocument/completion", { textDocument = { uri = uri }, position = { line = 8, character = 4 } })
local first = ((fields or {}).items or {})[1]
local start = first and first.textEdit.range.start.character or 0
local prefix = ('  "d'):sub(start + 1, 4)
out.fields = vim.tbl_map(function(item) return { item.word, item.menu, item.info } end,
  vim.lsp.util.text_document_completion_list_to_complete_items(fields or {}, prefix))
vim.api.nvim_buf_set_lines(0, 8, 9, false, {})
local hover = request("textDocument/hover", { textDocument = { uri = uri }, position = { line = 9, character = 5 } })
out.hover = hover and vim.lsp.util.convert_input_to_markdown_lines(hover.contents) or vim.NIL

-- an edit that breaks links in a file never opened: Neovim shows them there, and clears them when it is undone
local root = os.getenv("MOMENTA_ROOT")
vim.cmd("hide edit " .. root .. "/content/maneuvers/shift.json")
vim.lsp.buf_attach_client(0, client_id)
local grabbed = vim.uri_to_bufnr(vim.uri_from_fname(root .. "/content/conditions/grabbed.json"))
local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
for index, text in ipairs(lines) do
  if text:find('"name": "Shift"', 1, true) then
    vim.api.nvim_buf_set_lines(0, index - 1, index, false, { (text:gsub("Shift", "Sidestep")) })
    if not wait("elsewhere", function() return #vim.diagnostic.get(grabbed) > 0 end) then return finish() end
    out.elsewhere = vim.tbl_map(function(d) return d.message end, vim.diagnostic.get(grabbed))
    vim.api.nvim_buf_set_lines(0, index - 1, index, false, { text })
    if not wait("cleared", function() return #vim.diagnostic.get(grabbed) == 0 end) then return finish() end
    out.cleared = #vim.diagnostic.get(grabbed)
  end
end

-- the disk changed behind the editor's back (Neovim 0.7 sends no workspace/didChangeWatchedFiles, so the server
-- watches the pack's folder itself): an entry created, changed and deleted on disk updates an open file's diagnostics
local pack = os.getenv("MOMENTA_PACK")
local pack_client = vim.lsp.start_client({ name = "momenta-pack", root_dir = pack, cmd = vim.fn.json_decode(os.getenv("MOMENTA_CMD")) })
vim.cmd("hide edit " .. pack .. "/content/conditions/smouldering.json")
vim.lsp.buf_attach_client(0, pack_client)
local smouldering = vim.api.nvim_get_current_buf()
local function mentions_kindled()
  for _, d in ipairs(vim.diagnostic.get(smouldering)) do
    if d.message:find("[[Kindled]]", 1, true) then return true end
  end
  return false
end
local entry_lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
for index, text in ipairs(entry_lines) do
  if text:find("[[", 1, true) then
    vim.api.nvim_buf_set_lines(0, index - 1, index, false, { (text:gsub("%[%[", "[[Kindled]] [[", 1)) })
    break
  end
end
local function write(path, text)
  local file = io.open(path, "w")
  file:write(text)
  file:close()
end
local kindled = pack .. "/content/conditions/kindled.json"
local entry = io.open(os.getenv("MOMENTA_KINDLED")):read("*a")
out.disk = {}
if not wait("disk: broken", mentions_kindled) then return finish() end
table.insert(out.disk, "broken")
write(kindled, entry)
if not wait("disk: created", function() return not mentions_kindled() end) then return finish() end
table.insert(out.disk, "created: " .. #vim.diagnostic.get(smouldering))
write(kindled, (entry:gsub('"Kindled"', '"Rekindled"')))
if not wait("disk: changed", mentions_kindled) then return finish() end
table.insert(out.disk, "changed: " .. #vim.diagnostic.get(smouldering))
write(kindled, entry)
if not wait("disk: changed back", function() return not mentions_kindled() end) then return finish() end
os.remove(kindled)
if not wait("disk: deleted", mentions_kindled) then return finish() end
table.insert(out.disk, "deleted: " .. #vim.diagnostic.get(smouldering))
finish()
