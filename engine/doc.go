// Package engine plays the patience games of the corpus exactly as the books
// state them, with every move tied to the rule that permits it. It imports
// nothing of the project.
//
// # Cards and deals
//
// A Card is one byte: deck*52 + suit*13 + rank-1 (suits ♣ ♦ ♥ ♠), NoCard
// (255) marks an empty or hidden slot. Text forms: "10♥" (String) and "TH"
// (ASCII); ParseCard reads both.
//
// A deal is a pure function of a 64-bit seed: Deal(decks, seed) takes the
// canonical pack (NewDeck: deck 0 ♣A…♣K ♦ ♥ ♠, then deck 1) and shuffles it
// with Fisher–Yates from the last position down, each swap index drawn by
// Lemire's multiply-shift with rejection from the PCG-DXSM stream of
// math/rand/v2 seeded with (seed, seed^0x9E3779B97F4A7C15). Index 0 of the
// result is the top of the pack, dealt first. Every step is specified here
// (rand.go), so the same seed gives the same deal on every platform and Go
// version; TestGoldenDeals pins the first deals. Spec.New(seed, opts) starts
// a game on Deal(spec.Decks, seed); Spec.NewDeal starts one on an explicit
// pack (crafted packs in tests).
//
// # The Game contract
//
// A Game (game.go) is one game in progress. It is composed of small
// interfaces — Identity, Rules (LegalMoves, Check, Apply, ApplyListed),
// Outcome (ending, score, redeals), Piles (reading the layout, PileReader),
// Snapshot (hashes, Clone/CopyFrom, Determinize, text), Redealer and
// SearchHooks — and every game's file asserts at compile time that it
// implements Game and each optional interface it offers (Graded, Roller,
// MoveOrderer, the facts of facts.go …). The conventions every game of the
// catalog follows:
//
//   - Piles are numbered 0…NumPiles-1 and named by PileName; foundation pile
//     names start with "F" (FoundationPrefix), and cards set aside by a
//     setup lie in a pile named "aside" (AsidePile). Every card of the pack
//     is in exactly one pile at every moment.
//   - Pile returns what the player sees (hidden cards as NoCard); FullPile
//     returns all cards.
//     The stock (pack) and face-down cards are hidden; a move that reveals a
//     card (a draw, a deal) carries Card = NoCard.
//   - LegalMoves appends to the caller's buffer in an order that depends
//     only on the visible state; Check is the per-rule legality predicate,
//     written independently of LegalMoves; Apply = Check + the move + the
//     moves the rules force (each game's file says which). Every Move
//     carries the RuleID of the catalog entry that permits it.
//   - Moves between piles that could repeat a position are bounded by a
//     catalogued cycle rule ("…/cycle", status convention) and every game
//     ends within Spec.MaxMoves moves.
//   - Hash covers the full state, ViewHash what the player sees; Clone is a
//     deep copy; Determinize rearranges the hidden cards from a Rand so that
//     the result depends only on the visible state and the Rand.
//   - The state is a value type of fixed arrays: Clone is one copy and the
//     move loop (LegalMoves, Check, Apply) allocates nothing. CopyFrom
//     makes a state a copy of another without allocating, so strategies
//     that try moves on copies reuse one clone buffer instead of a Clone
//     per decision.
//
// # Rule catalog
//
// Catalog lists every game as a Spec: rules (numbered rules of the book,
// play rules for what the book says without a number, advice S1, S2 …),
// each with its status (book text, lost in the scan, or a convention with
// its source), an English summary and the key Russian terms of the passage
// in modern spelling; the variants, whose defaults are the book's reading
// (docs/games.md shows each game's variants and why the default was
// chosen); and NewDeal. CatalogHash fingerprints it.
//
// # Game logs
//
// A game log (replay.go) is JSON lines:
//
//	{"type":"header","game":"red-and-black","options":{"moves":"single","redeal":"unshuffled"},"variant":"","seed":7,"engine":"2.0.0","catalog":"<sha256>"}
//	{"type":"move","ply":1,"kind":"draw","from":"stock","to":"talon","card":"--","card2":"--","rule":"red-and-black/draw"}
//	{"type":"move","ply":2,"kind":"build","from":"talon","to":"T3","card":"7H","deck":1,"card2":"--","rule":"red-and-black/build"}
//	…
//	{"type":"outcome","won":false,"score":23,"moves":211,"redeals":1}
//
// Piles are named by PileName, cards in ASCII form ("--" for none) with
// "deck"/"deck2" set to 1 for the second deck's copy (omitted for deck 0).
// LogWriter and WriteLog write logs; Replay re-plays one from its seed,
// re-checking every move with Check and membership in LegalMoves, and
// compares the outcome line; it reports the first bad line as a
// *ReplayError (line number, ply, why).
//
// # Validation
//
// The shared tests cover every game whose NewDeal is implemented:
// properties_test.go (random playouts: Check ⇔ LegalMoves on a universe of
// candidate moves, card conservation, foundations never lose cards,
// Clone/Hash/Determinize, the move cap), fuzz_test.go (FuzzPlayout),
// golden_test.go (deal order and one pinned playout per game, regenerate
// with -update), replay_test.go, and bench_test.go (BenchmarkPlayout:
// ns/move, allocs/move, deals/s).
package engine
