package schema

import (
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// A formatHint is what the form knows about a string format: the example
// shown in an empty input, and how to check a value.
type formatHint struct {
	placeholder string
	check       func(string) bool
	message     string
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// formatHints covers the formats tools use; other formats are shown on the
// field (Field.Format) but not checked, as JSON Schema allows.
var formatHints = map[string]formatHint{
	"date": {
		placeholder: "YYYY-MM-DD",
		check:       func(s string) bool { _, err := time.Parse(time.DateOnly, s); return err == nil },
		message:     "must be a date like 2024-05-31",
	},
	"date-time": {
		placeholder: "YYYY-MM-DDThh:mm:ssZ",
		check: func(s string) bool {
			_, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
			return err == nil
		},
		message: "must be a date and time with a zone, like 2024-05-31T14:30:00Z",
	},
	"time": {
		placeholder: "hh:mm:ssZ",
		check:       isTime,
		message:     "must be a time with a zone, like 14:30:00Z or 14:30:00+02:00",
	},
	"email": {
		placeholder: "name@example.com",
		check: func(s string) bool {
			a, err := mail.ParseAddress(s)
			return err == nil && a.Address == s
		},
		message: "must be an email address like name@example.com",
	},
	"uri": {
		placeholder: "https://example.com/path",
		check: func(s string) bool {
			u, err := url.Parse(s)
			return err == nil && u.Scheme != "" && !strings.ContainsAny(s, " \t\n")
		},
		message: "must be a full address with a scheme, like https://example.com/page",
	},
	"uri-reference": {placeholder: "https://example.com/path or /path"},
	"uuid": {
		placeholder: "123e4567-e89b-12d3-a456-426614174000",
		check:       uuidPattern.MatchString,
		message:     "must be a UUID like 123e4567-e89b-12d3-a456-426614174000",
	},
	"hostname": {placeholder: "example.com"},
	"ipv4":     {placeholder: "192.0.2.1"},
	"ipv6":     {placeholder: "2001:db8::1"},
}

// isTime accepts an RFC 3339 full-time: hh:mm:ss[.frac] with Z or an offset.
func isTime(s string) bool {
	_, err := time.Parse("2006-01-02T"+time.RFC3339Nano[len("2006-01-02T"):], "2000-01-01T"+strings.ToUpper(s))
	return err == nil
}

func (fd *Field) placeholder() string {
	if h, ok := formatHints[fd.Format]; ok && h.placeholder != "" {
		return h.placeholder
	}
	if len(fd.shape.examples) > 0 {
		return plainJSON(fd.shape.examples[0])
	}
	switch fd.Kind {
	case Integer:
		return "whole number"
	case Number:
		return "number"
	case RawJSON:
		return "JSON value"
	}
	return ""
}

func (fd *Field) hint() string {
	var parts []string
	l := fd.Limits
	switch fd.Kind {
	case String:
		if h, ok := formatHints[fd.Format]; ok && h.placeholder != "" {
			parts = append(parts, fd.Format+" ("+h.placeholder+")")
		} else if fd.Format != "" {
			parts = append(parts, fd.Format)
		}
		switch {
		case l.MinLength != nil && l.MaxLength != nil:
			parts = append(parts, "from "+itoa(*l.MinLength)+" to "+plural(*l.MaxLength, "character"))
		case l.MinLength != nil && *l.MinLength > 0:
			parts = append(parts, "at least "+plural(*l.MinLength, "character"))
		case l.MaxLength != nil:
			parts = append(parts, "at most "+plural(*l.MaxLength, "character"))
		}
		if l.Pattern != "" {
			parts = append(parts, "matching "+l.Pattern)
		}
	case Number, Integer:
		word := "number"
		if fd.Kind == Integer {
			word = "whole number"
		}
		parts = append(parts, word+rangeText(l))
		if l.MultipleOf != "" {
			parts = append(parts, "a multiple of "+string(l.MultipleOf))
		}
	case MultiEnum, Array:
		word := "item"
		if fd.Kind == MultiEnum {
			word = "choice"
		}
		switch {
		case l.MinItems != nil && l.MaxItems != nil:
			parts = append(parts, "from "+itoa(*l.MinItems)+" to "+plural(*l.MaxItems, word))
		case l.MinItems != nil && *l.MinItems > 0:
			parts = append(parts, "at least "+plural(*l.MinItems, word))
		case l.MaxItems != nil:
			parts = append(parts, "at most "+plural(*l.MaxItems, word))
		}
		if l.UniqueItems {
			parts = append(parts, "no repeats")
		}
	case RawJSON:
		parts = append(parts, "any JSON value")
	}
	if fd.Nullable {
		parts = append(parts, "can be null")
	}
	if len(fd.shape.examples) > 0 {
		var ex []string
		for i, e := range fd.shape.examples {
			if i == 3 {
				break
			}
			ex = append(ex, plainJSON(e))
		}
		parts = append(parts, "e.g. "+strings.Join(ex, ", "))
	}
	var flags []string
	if fd.Deprecated {
		flags = append(flags, "deprecated")
	}
	if fd.ReadOnly {
		flags = append(flags, "read-only: the server may ignore it")
	}
	if fd.WriteOnly {
		flags = append(flags, "write-only")
	}
	parts = append(parts, flags...)
	return strings.Join(parts, ", ")
}

func rangeText(l Limits) string {
	lo, hi := "", ""
	if l.Minimum != "" {
		lo = string(l.Minimum)
		if l.MinimumExclusive {
			lo = "more than " + lo
		}
	}
	if l.Maximum != "" {
		hi = string(l.Maximum)
		if l.MaximumExclusive {
			hi = "less than " + hi
		}
	}
	switch {
	case lo != "" && hi != "" && !l.MinimumExclusive && !l.MaximumExclusive:
		return " from " + lo + " to " + hi
	case lo != "" && hi != "":
		return ", " + lo + " and " + hi
	case lo != "" && !l.MinimumExclusive:
		return ", at least " + lo
	case lo != "":
		return ", " + lo
	case hi != "" && !l.MaximumExclusive:
		return ", at most " + hi
	case hi != "":
		return ", " + hi
	}
	return ""
}

func itoa(n int) string { return strconv.Itoa(n) }
