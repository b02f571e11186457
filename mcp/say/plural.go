package say

// Plural is a message with plural forms, chosen by its Count argument (a
// whole number): one is the English for a Count of 1, other the English for
// any other count and the translation key, whose forms the translation
// files give ("one" and "other" in English, "other" in Chinese).
func Plural(one, other string, count int, args Args) Msg {
	a := make(Args, len(args)+1)
	for k, v := range args {
		a[k] = v
	}
	a["Count"] = count
	return Msg{Key: other, Args: a, One: one}
}

// MessageCount is the count that chooses the plural form, and whether the
// message has plural forms at all.
func (m Msg) MessageCount() (int, bool) {
	if m.One == "" {
		return 0, false
	}
	n, ok := m.Args["Count"].(int)
	return n, ok
}
