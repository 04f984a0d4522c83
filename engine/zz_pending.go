package engine

import "fmt"

// pendingDeal is used by games whose implementation has not landed yet.
// TEMPORARY: this file is deleted once all eleven games exist.
func pendingDeal(id string) func([]Card, Options) (Game, error) {
	return func([]Card, Options) (Game, error) { return nil, fmt.Errorf("%s: not implemented yet", id) }
}
