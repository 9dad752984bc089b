// The whole `momenta` command: @momenta/cli (homebrew pack commands included) with `lsp` registered first
import "./register.ts";
import "@momenta/cli/bin";
