package sim

import "strings"

type stringsBuilder = strings.Builder

func contains(s, sub string) bool { return strings.Contains(s, sub) }
