package reports

import (
	"strconv"
	"strings"
)

// thousands formats n with thin separators between groups of three digits
// ("10,000").
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// dealCount says how many deals a row rests on ("10,000 deals").
func dealCount(n int64) string {
	if n == 1 {
		return "1 deal"
	}
	return thousands(n) + " deals"
}

// dealSet names the deals a row rests on: their number, their indices when
// they are a contiguous range, and the master seed that dealt them
// ("1,000 deals (0–999, seed 2026)").
func dealSet(r SummaryRow) string {
	var detail []string
	if r.Deals > 1 && r.LastDeal-r.FirstDeal+1 == r.Deals {
		detail = append(detail, thousands(r.FirstDeal)+"–"+thousands(r.LastDeal))
	}
	if r.Seed != "" {
		detail = append(detail, "seed "+r.Seed)
	}
	if len(detail) == 0 {
		return dealCount(r.Deals)
	}
	return dealCount(r.Deals) + " (" + strings.Join(detail, ", ") + ")"
}

// sameDeals reports whether every row rests on the same deals: the same
// seed, count and range. Rows of different deal sets are compared on one
// scale only with a label that says so.
func sameDeals(rows []SummaryRow) bool {
	for _, r := range rows {
		a := rows[0]
		if r.Seed != a.Seed || r.Deals != a.Deals || r.FirstDeal != a.FirstDeal || r.LastDeal != a.LastDeal {
			return false
		}
	}
	return true
}
