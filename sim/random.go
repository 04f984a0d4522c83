package sim

import "github.com/pasyans/pasyans/engine"

// randomStrategy plays a uniformly random legal move, drawn from the
// player's own generator (seeded per deal and strategy), so a run is
// reproducible. It never clones the game.
type randomStrategy struct{ params }

func init() {
	register(StrategyInfo{
		Name:    "random",
		Summary: "a uniformly random legal move, from the player's own seeded generator",
		Order:   10,
		build:   func(ParamValues) Strategy { return &randomStrategy{} },
	})
}

func (*randomStrategy) Name() string      { return "random" }
func (*randomStrategy) NewPlayer() Player { return &randomPlayer{} }

type randomPlayer struct{ r engine.Rand }

func (p *randomPlayer) Reset(_ engine.Game, seed uint64) { p.r.Seed(seed) }

func (p *randomPlayer) Choose(_ engine.Game, legal []engine.Move) (int, engine.RuleID) {
	if len(legal) == 1 {
		return 0, ""
	}
	return p.r.IntN(len(legal)), ""
}
