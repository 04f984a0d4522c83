package viewer

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/pasyans/pasyans/engine"
)

// Card and grid sizes of the layout, in CSS pixels (the page's CSS draws
// cards of cardW × cardH).
const (
	cardW = 56
	cardH = 80
	colW  = 66 // one column of cards
	rowH  = 92 // one row of cards
	pad   = 12 // margin round the board
	// captionW is the width of a caption's character (12px italic sans
	// serif, with room to spare).
	captionW = 7.5
)

// slot places one pile: the bottom card's top-left corner, the offset of
// each next card and the longest fan (0: no limit), in pixels.
type slot struct {
	X, Y, DX, DY, Max float64
	Label             string
}

// Fans of the common kinds.
func stack(x, y float64) slot { return slot{X: x, Y: y, DX: 0.3, DY: 0.3, Max: 10} }
func down(x, y, step, max float64) slot {
	return slot{X: x, Y: y, DY: step, Max: max}
}
func right(x, y, step, max float64) slot {
	return slot{X: x, Y: y, DX: step, Max: max}
}

// geometry is a game's layout: a slot per pile name and the captions.
type geometry struct {
	slots    map[string]slot
	captions []captionData
}

func (g *geometry) caption(text string, x, y float64) {
	g.captions = append(g.captions, captionData{Text: text, X: x, Y: y})
}

// layouts holds the book's arrangement of each game, by game ID. A pile a
// game's table does not name (a game changed, a new game) is laid out by
// the fallback grid below the board, so the page never breaks.
var layouts = map[string]func() *geometry{
	"salic-law":            salicLawLayout,
	"four-corners":         fourCornersLayout,
	"windmill":             windmillLayout,
	"shah":                 shahLayout,
	"duchess-de-luynes":    duchessLayout,
	"british-constitution": britishConstitutionLayout,
	"zodiac":               zodiacLayout,
	"sympathy":             sympathyLayout,
	"sultan":               sultanLayout,
	"napoleon":             napoleonLayout,
	"red-and-black":        redAndBlackLayout,
}

func newGeometry() *geometry { return &geometry{slots: map[string]slot{}} }

// salicLawLayout: the queens' row on top, the foundations beneath, the row
// of kings with their packets below them (Cadogan's tableau), the pack to
// the right.
func salicLawLayout() *geometry {
	g := newGeometry()
	g.caption("queens", 0, 0)
	g.slots["queens"] = slot{X: 0, Y: 16, DX: colW, Max: 7 * colW, Label: "queens"}
	for i := 0; i < 8; i++ {
		g.slots[fmt.Sprintf("F%d", i)] = stack(float64(i)*colW, 16+rowH)
		g.slots[fmt.Sprintf("K%d", i)] = down(float64(i)*colW, 16+2*rowH, 20, 5*rowH)
	}
	g.slots["stock"] = stack(8*colW+24, 16+2*rowH)
	return g
}

// fourCornersLayout: two columns of six packets (corners at the ends) with
// the eight foundations between them, ace piles on the left and king piles
// on the right, one suit per row beside the side packets it adjoins; the
// left packets fan out to the left, the right ones to the right.
func fourCornersLayout() *geometry {
	g := newGeometry()
	const fan = 2 * colW
	left, fa, fk, rgt := fan, fan+colW+8, fan+2*colW+8, fan+3*colW+16
	for i := 0; i < 6; i++ {
		y := float64(i) * rowH
		g.slots[fmt.Sprintf("L%d", i)] = slot{X: float64(left), Y: y, DX: -16, Max: fan}
		g.slots[fmt.Sprintf("R%d", i)] = slot{X: float64(rgt), Y: y, DX: 16, Max: fan}
	}
	for s := 0; s < 4; s++ {
		y := float64(s+1) * rowH
		g.slots[fmt.Sprintf("F%d", 2*s)] = stack(float64(fa), y)
		g.slots[fmt.Sprintf("F%d", 2*s+1)] = stack(float64(fk), y)
	}
	g.caption("aces ↑", float64(fa), rowH-16)
	g.caption("kings ↓", float64(fk), rowH-16)
	g.slots["stock"] = slot{X: float64(fa), Y: 5 * rowH, DX: 0.3, DY: 0.3, Max: 10, Label: "pack"}
	g.slots["card"] = slot{X: float64(fk), Y: 5 * rowH, Label: "card"}
	return g
}

// windmillLayout: the centre ace with the eight wing cards round it in
// four arms of two, the four kings in the angles, pack and talon beside.
func windmillLayout() *geometry {
	g := newGeometry()
	cx, cy := 2.0*colW, 2.0*rowH
	g.slots["F0"] = stack(cx, cy)
	arms := [4][2]float64{{0, -1}, {1, 0}, {0, 1}, {-1, 0}} // up, right, down, left
	for a, d := range arms {
		for k := 0; k < 2; k++ {
			step := float64(k + 1)
			g.slots[fmt.Sprintf("W%d", 2*a+k)] = slot{X: cx + d[0]*step*colW, Y: cy + d[1]*step*rowH}
		}
	}
	corners := [4][2]float64{{0.5, 0.5}, {3.5, 0.5}, {3.5, 3.5}, {0.5, 3.5}}
	for i, c := range corners {
		g.slots[fmt.Sprintf("F%d", i+1)] = stack(c[0]*colW, c[1]*rowH)
	}
	g.slots["stock"] = stack(5*colW+24, 0.5*rowH)
	g.slots["talon"] = right(5*colW+24, 2*rowH, 14, 2*colW)
	return g
}

// ring returns the top-left corner of a card centred on the ellipse point
// of angle a (radians, 0 = up, clockwise) round (cx, cy).
func ring(cx, cy, rx, ry, a float64) (x, y float64) {
	return cx + rx*math.Sin(a) - cardW/2, cy - ry*math.Cos(a) - cardH/2
}

// outward returns the fan step of length step pointing away from the
// centre at angle a.
func outward(a, step float64) (dx, dy float64) {
	return step * math.Sin(a), -step * math.Cos(a)
}

// shahLayout: the Shah in the centre, the eight aces in a circle round him,
// and the star of eight rays of three circles (inner, middle, outer),
// dealt from the top clockwise; the outer places fan outwards with their
// marriages. The kings thrown aside, the pack and the talon in the corners.
func shahLayout() *geometry {
	g := newGeometry()
	cx, cy := 560.0, 500.0
	g.slots["shah"] = slot{X: cx - cardW/2, Y: cy - cardH/2, Label: "Shah"}
	for k := 0; k < 8; k++ {
		a := float64(k) * math.Pi / 4
		x, y := ring(cx, cy, 135, 120, a)
		g.slots[fmt.Sprintf("F%d", k)] = stack(x, y)
		for c, r := range [3][2]float64{{250, 215}, {360, 305}, {470, 395}} {
			x, y := ring(cx, cy, r[0], r[1], a)
			s := slot{X: x, Y: y}
			if c == 2 {
				s.DX, s.DY = outward(a, 10)
				s.Max = 40
			}
			g.slots[fmt.Sprintf("%c%d", "IMO"[c], k)] = s
		}
	}
	g.slots["aside"] = right(0, 0, 14, 6*14)
	g.caption("kings thrown aside", 0, cardH+4)
	g.slots["stock"] = slot{X: 0, Y: 2*cy - cardH, DX: 0.3, DY: 0.3, Max: 10, Label: "pack"}
	g.slots["talon"] = right(2*cx-cardW-5*colW, 2*cy-cardH, 14, 5*colW)
	return g
}

// duchessLayout: the ace foundations above, the four packets, the king
// foundations below ("aces above, kings below"); the pack to the left and
// the reserve to the right.
func duchessLayout() *geometry {
	g := newGeometry()
	x0 := float64(colW + 24)
	for s := 0; s < 4; s++ {
		x := x0 + float64(s)*colW
		g.slots[fmt.Sprintf("F%d", 2*s)] = stack(x, 0)
		g.slots[fmt.Sprintf("P%d", s)] = down(x, rowH+8, 18, 2*rowH)
		g.slots[fmt.Sprintf("F%d", 2*s+1)] = stack(x, 3*rowH+cardH+16)
	}
	g.slots["stock"] = slot{X: 0, Y: rowH + 8, DX: 0.3, DY: 0.3, Max: 10, Label: "pack"}
	g.slots["reserve"] = down(x0+4*colW+24, rowH+8, 14, 2*rowH)
	g.caption("reserve", x0+4*colW+24, rowH-8)
	return g
}

// britishConstitutionLayout: the cards thrown aside (the Sovereign, the
// bishops, the judges and the queens) on top, the Government (the
// foundations), then the four divisions, the Privy Council highest and the
// People lowest; the pack and talon below the People.
func britishConstitutionLayout() *geometry {
	g := newGeometry()
	g.slots["aside"] = right(0, 0, 28, 15*28)
	const row = cardH + 36
	y := float64(rowH + 8)
	g.caption("Government", 8*colW+8, y+30)
	for i := 0; i < 8; i++ {
		g.slots[fmt.Sprintf("F%d", i)] = stack(float64(i)*colW, y)
	}
	for r, div := range []struct{ prefix, name string }{{"PRV", "Privy Council"}, {"LRD", "House of Lords"}, {"COM", "House of Commons"}, {"PEO", "People"}} {
		yr := y + cardH + 28 + float64(r)*row
		g.caption(div.name, 8*colW+8, yr+30)
		for i := 0; i < 8; i++ {
			g.slots[fmt.Sprintf("%s%d", div.prefix, i)] = down(float64(i)*colW, yr, 10, 30)
		}
	}
	yb := y + cardH + 28 + 4*row
	g.slots["stock"] = stack(0, yb)
	g.slots["talon"] = right(colW+16, yb, 14, 5*colW)
	return g
}

// zodiacLayout: the Equator, a row of eight, inside the Zodiac, a circle of
// twenty-four dealt from the top clockwise; the ace foundations above the
// Equator and the king foundations below it, laid at the end; the pack and
// talon below the circle.
func zodiacLayout() *geometry {
	g := newGeometry()
	const rx, ry = 400.0, 260.0
	cx, cy := rx+cardW/2+40+8, ry+cardH/2+40+8
	for i := 0; i < 8; i++ {
		g.slots[fmt.Sprintf("E%d", i)] = slot{X: cx + (float64(i)-3.5)*colW - cardW/2, Y: cy - cardH/2}
	}
	g.caption("Equator", cx-3.5*colW-cardW/2, cy-cardH/2-16)
	for i := 0; i < 4; i++ {
		x := cx + (float64(i)-1.5)*colW - cardW/2
		g.slots[fmt.Sprintf("F%d", i)] = stack(x, cy-rowH-cardH/2)
		g.slots[fmt.Sprintf("F%d", i+4)] = stack(x, cy+rowH-cardH/2)
	}
	for k, a := range ellipseAngles(rx, ry, 24) {
		x, y := ring(cx, cy, rx, ry, a)
		dx, dy := outward(a, 10)
		g.slots[fmt.Sprintf("Z%d", k)] = slot{X: x, Y: y, DX: dx, DY: dy, Max: 40}
	}
	yb := cy + ry + cardH/2 + 56 // below the circle's outward fans
	g.slots["stock"] = stack(cx-3*colW, yb)
	g.slots["talon"] = right(cx-2*colW, yb, 10, 4*colW)
	return g
}

// ellipseAngles returns n angles (0 = up, clockwise) that space n cards
// evenly round the ellipse of radii rx, ry. The length of the curve is
// measured in card sizes (the larger of the horizontal and the vertical
// step, each over a card's width or height with a gap), so that cards on
// the flat top and on the steep sides are spaced alike.
func ellipseAngles(rx, ry float64, n int) []float64 {
	const steps = 7200
	arc := make([]float64, steps+1)
	for i := 1; i <= steps; i++ {
		a0, a1 := 2*math.Pi*float64(i-1)/steps, 2*math.Pi*float64(i)/steps
		dx, dy := rx*(math.Sin(a1)-math.Sin(a0)), ry*(math.Cos(a1)-math.Cos(a0))
		arc[i] = arc[i-1] + math.Max(math.Abs(dx)/(cardW+6), math.Abs(dy)/(cardH+6))
	}
	out := make([]float64, n)
	j := 0
	for k := range out {
		want := arc[steps] * float64(k) / float64(n)
		for j < steps && arc[j] < want {
			j++
		}
		out[k] = 2 * math.Pi * float64(j) / steps
	}
	return out
}

// sympathyLayout: each partner's eighteen packets (the eighteenth the
// Grace) in two rows of nine, the first partner above, with the pairs each
// set aside beside them.
func sympathyLayout() *geometry {
	g := newGeometry()
	const row = cardH + 36
	for p, prefix := range []string{"A", "B"} {
		y0 := 16 + float64(p)*(2*row+40)
		g.caption(fmt.Sprintf("partner %d", p+1), 0, y0-16)
		for i := 0; i < 18; i++ {
			g.slots[fmt.Sprintf("%s%d", prefix, i)] = down(float64(i%9)*colW, y0+float64(i/9)*row, 12, 24)
		}
		pairs := fmt.Sprintf("pairs%d", p+1)
		g.slots[pairs] = slot{X: 9*colW + 24, Y: y0 + row/2, DX: 0.3, DY: 0.3, Max: 10, Label: "pairs"}
	}
	return g
}

// sultanLayout: the Sultan (the king of hearts) in the middle of the eight
// foundations, K♦ A♥ K♦ / K♠ · K♠ / K♣ K♥ K♣, the Divan four cards on each
// side, pack and talon below.
func sultanLayout() *geometry {
	g := newGeometry()
	x0 := float64(colW + 32)
	for i := 0; i < 4; i++ {
		g.slots[fmt.Sprintf("D%d", i)] = slot{X: 0, Y: float64(i) * rowH}
		g.slots[fmt.Sprintf("D%d", i+4)] = slot{X: x0 + 3*colW + 32, Y: float64(i) * rowH}
	}
	cells := [8][2]float64{{0, 0}, {1, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}}
	for f, c := range cells {
		g.slots[fmt.Sprintf("F%d", f)] = stack(x0+c[0]*colW, (0.5+c[1])*rowH)
	}
	g.slots["aside"] = slot{X: x0 + colW, Y: 1.5 * rowH, Label: "Sultan"}
	g.caption("Divan", 0, 4*rowH)
	g.slots["stock"] = stack(x0, 4*rowH+16)
	g.slots["talon"] = right(x0+colW, 4*rowH+16, 14, 3*colW)
	return g
}

// napoleonLayout: eight columns of six cards dealt in rows from the top, the
// reserve of four beside them; the ordered reserve's face-down cards and
// the pairs gone out next to it.
func napoleonLayout() *geometry {
	g := newGeometry()
	for i := 0; i < 8; i++ {
		g.slots[fmt.Sprintf("C%d", i)] = down(float64(i)*colW, 16, 24, 7*24)
	}
	x := 8*colW + 24.0
	g.caption("reserve", x, 0)
	for i := 0; i < 4; i++ {
		g.slots[fmt.Sprintf("R%d", i)] = slot{X: x + float64(i%2)*colW, Y: 16 + float64(i/2)*rowH}
	}
	g.slots["stock"] = stack(x, 16+2*rowH)
	g.slots["out"] = slot{X: x + colW, Y: 16 + 2*rowH, DX: 0.3, DY: 0.3, Max: 10, Label: "out"}
	return g
}

// redAndBlackLayout: the eight aces in a row, the eight Volunteers beneath
// them, pack and talon to the right.
func redAndBlackLayout() *geometry {
	g := newGeometry()
	for i := 0; i < 8; i++ {
		g.slots[fmt.Sprintf("F%d", i)] = stack(float64(i)*colW, 0)
		g.slots[fmt.Sprintf("T%d", i)] = down(float64(i)*colW, rowH+8, 22, 5*rowH)
	}
	x := 8*colW + 24.0
	g.slots["stock"] = stack(x, 0)
	g.slots["talon"] = down(x, rowH+8, 12, 2*rowH)
	return g
}

// aliases are other names a pile may have had or take: the face-down pack
// is "stock" in some games and "pack" in others.
var aliases = map[string]string{"stock": "pack", "pack": "stock"}

// place lays out the piles of a game: the book's arrangement for the
// piles its table names, and a fallback grid, grouped by kind, below it for
// the rest. It returns the piles shifted so the board starts at (pad, pad),
// the captions likewise, and the board's size.
func place(game string, names []string, kinds []engine.PileKind) ([]pileData, []captionData, boardSize) {
	geo := newGeometry()
	if f, ok := layouts[game]; ok {
		geo = f()
	}
	piles := make([]pileData, len(names))
	var rest []int
	for i, n := range names {
		s, ok := geo.slots[n]
		if !ok {
			s, ok = geo.slots[aliases[n]]
		}
		if !ok {
			rest = append(rest, i)
			continue
		}
		piles[i] = pileData{Name: n, Kind: kinds[i].String(), X: s.X, Y: s.Y, DX: s.DX, DY: s.DY, Max: s.Max, Label: s.Label}
	}
	captions := append([]captionData{}, geo.captions...)
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	grow := func(x0, y0, x1, y1 float64) {
		minX, minY, maxX, maxY = math.Min(minX, x0), math.Min(minY, y0), math.Max(maxX, x1), math.Max(maxY, y1)
	}
	for i, p := range piles {
		if p.Name == "" {
			continue
		}
		ex, ey := fanEnd(piles[i])
		grow(math.Min(p.X, p.X+ex), math.Min(p.Y, p.Y+ey), math.Max(p.X, p.X+ex)+cardW, math.Max(p.Y, p.Y+ey)+cardH)
	}
	for _, c := range captions {
		grow(c.X, c.Y, c.X+captionW*float64(utf8.RuneCountInString(c.Text)), c.Y+14)
	}
	if len(rest) > 0 {
		// The fallback grid: five piles a row, each fanned to the right,
		// in kind order.
		top := 0.0
		if !math.IsInf(maxY, -1) {
			top = maxY + 28
			captions = append(captions, captionData{Text: "other piles", X: math.Max(minX, 0), Y: top - 18})
		}
		left := math.Max(minX, 0)
		if math.IsInf(minX, 1) {
			left = 0
		}
		order := slices.Clone(rest)
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(kinds[a], kinds[b]) })
		for j, i := range order {
			x, y := left+float64(j%5)*3*colW, top+float64(j/5)*(rowH+20)
			piles[i] = pileData{Name: names[i], Kind: kinds[i].String(), X: x, Y: y + 16, DX: 12, Max: 2 * colW, Label: names[i]}
			captions = append(captions, captionData{Text: names[i], X: x, Y: y})
			grow(x, y, x+3*colW, y+16+cardH)
		}
	}
	if math.IsInf(minX, 1) { // no piles at all
		minX, minY, maxX, maxY = 0, 0, cardW, cardH
	}
	dx, dy := pad-minX, pad-minY
	for i := range piles {
		piles[i].X, piles[i].Y = round1(piles[i].X+dx), round1(piles[i].Y+dy)
		piles[i].DX, piles[i].DY, piles[i].Max = round1(piles[i].DX), round1(piles[i].DY), round1(piles[i].Max)
	}
	for i := range captions {
		captions[i].X, captions[i].Y = round1(captions[i].X+dx), round1(captions[i].Y+dy)
	}
	return piles, captions, boardSize{W: math.Ceil(maxX - minX + 2*pad), H: math.Ceil(maxY - minY + 2*pad)}
}

// fanEnd returns the offset of the last card of the longest fan of p.
func fanEnd(p pileData) (float64, float64) {
	step := math.Hypot(p.DX, p.DY)
	if step == 0 || p.Max == 0 {
		return 0, 0
	}
	return p.DX * p.Max / step, p.DY * p.Max / step
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
