// The whole `momenta` command: the validator's CLI (homebrew pack commands included) with `lsp` registered first
import "./register.ts";
import "@momenta/validator/bin";
