package pipeline

// Stage is one step of a Run, reported to the Observer: "[Index/Count]
// Name Detail" on the command line. A Tournament reports its shard as a
// Stage with Index 0.
type Stage struct {
	// Index counts from 1 to Count (0: not a step of a Run).
	Index, Count int
	// Name is the stage's name (corpus, normalize, link, tournament,
	// datasets, report).
	Name string
	// Detail is a one-line account of what the stage did or is about to do.
	Detail string
}

// Progress is the progress of a tournament: Done of Total (game, deal)
// units played by this invocation. The last call of a tournament has Final
// set, after the tournament stopped.
type Progress struct {
	Done, Total int64
	Final       bool
}

// Observer follows a Run or a Tournament. Its methods are called from one
// goroutine at a time, and must return quickly.
type Observer interface {
	// Stage reports a stage of a Run: as it starts for the tournaments,
	// when it is done for the others.
	Stage(Stage)
	// Progress reports the deals of the running tournament.
	Progress(Progress)
	// Note reports something the user should know that is not an error
	// (a resumed run, an incomplete folder, a stale lock taken over).
	Note(string)
}

// quiet is the Observer that reports nothing.
type quiet struct{}

func (quiet) Stage(Stage)       {}
func (quiet) Progress(Progress) {}
func (quiet) Note(string)       {}

// observer returns o, or an Observer that reports nothing for nil.
func observer(o Observer) Observer {
	if o == nil {
		return quiet{}
	}
	return o
}
