-- Run by run-nvim.sh in headless neovim: the built-in LSP client (neovim 0.7 API, so it runs
-- on Debian's neovim too) starts `epicsdb lsp`, attaches to the buffer of the example file,
-- and must publish its two mistakes: a SCAN choice (field-value) and a misspelled field
-- (field-unknown), on their lines. Exits 0 when they came, 1 otherwise.
local function finish(ok, message)
  io.stderr:write((ok and 'lsp neovim client: ' or 'lsp neovim client FAILED: ') .. message .. '\n')
  vim.cmd(ok and 'qall!' or 'cquit! 1')
end

local file = os.getenv('LSP_FILE')
local buffer = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = 'epicsdb',
  cmd = { os.getenv('EPICSDB'), 'lsp' },
  root_dir = vim.fn.fnamemodify(file, ':h'),
})
if not client then
  finish(false, 'the client did not start')
  return
end
vim.lsp.buf_attach_client(buffer, client)

local got = vim.wait(30000, function()
  return #vim.diagnostic.get(buffer) >= 2
end, 50)
if not got then
  finish(false, 'no diagnostics within 30 s')
  return
end
local lines = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
local function lineOf(needle)
  for i, line in ipairs(lines) do
    if line:find(needle, 1, true) then return i - 1 end
  end
end
local found = {}
for _, d in ipairs(vim.diagnostic.get(buffer)) do
  found[tostring(d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code))] = d.lnum
end
if found['field-value'] ~= lineOf('3 second') or found['field-unknown'] ~= lineOf('PRECC') then
  finish(false, 'unexpected diagnostics: ' .. vim.inspect(vim.diagnostic.get(buffer)))
  return
end
vim.lsp.stop_client(client)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client) == nil end, 50)
finish(true, 'received the diagnostics (field-value, field-unknown)')
