package i18n

import "fyne.io/fyne/v2/lang"

// L is the translation of text (its English is its key) in the language
// Setup chose, with data's {{.Fields}} filled in. It is lang.L under a name
// that packages which must not import Fyne themselves (ui/view) can use:
// this package is the one place the app touches Fyne's lang.
func L(text string, data ...map[string]any) string {
	if len(data) == 0 || data[0] == nil {
		return lang.L(text)
	}
	return lang.L(text, data[0])
}

// N is the translation of text in the plural form count asks for (the
// files give "one" and "other" in English, "other" in Chinese); {{.Count}}
// in the text is count, and data may fill further fields.
func N(text string, count int, data ...map[string]any) string {
	d := map[string]any{}
	if len(data) > 0 {
		for k, v := range data[0] {
			d[k] = v
		}
	}
	if _, ok := d["Count"]; !ok {
		d["Count"] = count
	}
	return lang.N(text, count, d)
}

// X is the translation of the message key, whose English is fallback (for
// a key that is not the English text itself), with data's {{.Fields}}.
func X(key, fallback string, data ...map[string]any) string {
	if len(data) == 0 || data[0] == nil {
		return lang.X(key, fallback)
	}
	return lang.X(key, fallback, data[0])
}
