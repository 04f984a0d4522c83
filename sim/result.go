package sim

// Outcome is the result of one deal played by one strategy.
type Outcome string

// Outcomes.
const (
	// Won: the game was won.
	Won Outcome = "won"
	// Lost: the game ended without a win (or the solver proved no win exists).
	Lost Outcome = "lost"
	// Unknown: play stopped at the move cap, or a solver hit its node or time
	// limit before deciding.
	Unknown Outcome = "unknown"
)

// AdviceCount says how many decisions of a game one advice ID drove (book
// strategy only).
type AdviceCount struct {
	ID    string `parquet:"id,dict" json:"id"`
	Count int32  `parquet:"count" json:"count"`
}

// Result is one row of the results dataset: one deal played by one strategy.
// Game and Strategy are the dataset's Hive partition keys
// (results/game=<id>/strategy=<id>/…) and are therefore not written as
// columns inside the Parquet files (parquet:"-").
type Result struct {
	Game     string `parquet:"-" json:"game"`
	Strategy string `parquet:"-" json:"strategy"`

	// Variant is Spec.VariantString of the options ("" = the book's reading).
	Variant string `parquet:"variant,dict" json:"variant"`
	// StrategyParams is the strategy's parameters as canonical JSON ("{}" if none).
	StrategyParams string `parquet:"strategy_params,dict" json:"strategy_params"`
	// DealIndex is the deal's index in the run (0 … deals-1).
	DealIndex int64 `parquet:"deal_index,delta" json:"deal_index"`
	// DealSeed is the seed of the deal (engine.Deal input).
	DealSeed uint64 `parquet:"deal_seed" json:"deal_seed"`
	// Outcome is won, lost or unknown.
	Outcome Outcome `parquet:"outcome,dict" json:"outcome"`
	// Won is Outcome == won.
	Won bool `parquet:"won" json:"won"`
	// Moves is the number of moves played.
	Moves int32 `parquet:"moves" json:"moves"`
	// FoundationCards is the final score (cards on foundations / removed).
	FoundationCards int32 `parquet:"foundation_cards" json:"foundation_cards"`
	// Redeals is the number of redeals used.
	Redeals int32 `parquet:"redeals" json:"redeals"`
	// MoveCapHit is true when play was stopped by the move cap.
	MoveCapHit bool `parquet:"move_cap_hit" json:"move_cap_hit"`
	// CPUNanos is the time spent playing the deal, in nanoseconds; 0 when the
	// run was made with timing off (reproducible runs).
	CPUNanos int64 `parquet:"cpu_ns" json:"cpu_ns"`
	// SolverNodes is the number of nodes a search strategy expanded (0 otherwise).
	SolverNodes int64 `parquet:"solver_nodes" json:"solver_nodes"`
	// Proof says how the solver strategy decided the deal (solve.Result's
	// Proof: "line found", "exhaustive search", "confluence", or the
	// game's dead end that holds at the deal, e.g. "layout search"); ""
	// for an undecided deal and for the other strategies.
	Proof string `parquet:"proof,dict" json:"proof,omitempty"`
	// Stage is the stage of the solver's search that decided the deal or
	// ran out ("first look", "probe", "exhaustive"); "" for the other
	// strategies.
	Stage string `parquet:"stage,dict" json:"stage,omitempty"`
	// Advice lists the advice IDs that drove the book strategy's decisions,
	// sorted by ID, with counts (empty for other strategies).
	Advice []AdviceCount `parquet:"advice,list" json:"advice,omitempty"`
}

// MoveRecord is one row of the moves dataset (written with --trace): one
// move of one deal played by one strategy. Game and Strategy are partition
// keys, as in Result.
type MoveRecord struct {
	Game     string `parquet:"-" json:"game"`
	Strategy string `parquet:"-" json:"strategy"`

	DealIndex int64  `parquet:"deal_index,delta" json:"deal_index"`
	Ply       int32  `parquet:"ply" json:"ply"`
	Kind      string `parquet:"kind,dict" json:"kind"`
	Rule      string `parquet:"rule,dict" json:"rule"`
	From      string `parquet:"from,dict" json:"from"`
	To        string `parquet:"to,dict" json:"to"`
	Card      string `parquet:"card,dict" json:"card"`
	// Advice is the advice ID that drove this decision ("" if none).
	Advice string `parquet:"advice,dict" json:"advice"`
}

// Sink receives the rows of a run. Rows of one (game, strategy) partition
// arrive in increasing DealIndex order, whatever the number of workers.
// Implementations (reports.ResultsWriter) write them out; Close makes the
// files written so far final and valid, also after an interrupted run.
type Sink interface {
	WriteResults(rows []Result) error
	WriteMoves(rows []MoveRecord) error
	Close() error
}
