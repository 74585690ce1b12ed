// Package cell is the contract between a study run and its cell kinds. A
// kind's body implements Body: it names the movements it uses and runs in an
// Env (the context, the resolved movements, the cache, the study's folder,
// progress) into an Output: the blocks that present its Result, the checks of
// its published figures, and the Result itself, a plain struct whose json
// tags are the --json contract of the command that runs the kind. Common holds
// the fields every analysis cell has; the text helpers write numbers the way
// more than one kind shows them.
package cell
