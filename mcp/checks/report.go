package checks

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"

	"mcpbrowser/mcp/config"
)

// WriteSummary writes the reports for people, in English: one line per
// check, the failures under it, and a count at the end.
func WriteSummary(w io.Writer, reports []*Report) error {
	return WriteSummaryIn(w, reports, English{})
}

// WriteSummaryIn writes the summary in the words given.
func WriteSummaryIn(w io.Writer, reports []*Report, words Words) error {
	var b strings.Builder
	total := map[string]int{}
	width := 0 // the widest mark, in terminal columns, so the names line up
	for _, st := range []string{StatusPassed, StatusFailed, StatusError, StatusSkipped} {
		width = max(width, columns(words.Status(st)))
	}
	indent := strings.Repeat(" ", width+3) // under the check's name
	for _, rep := range reports {
		fmt.Fprintf(&b, "%s (%s)\n", rep.File.Name, rep.File.Path)
		for _, r := range rep.Results {
			r = r.shown()
			total[r.Status]++
			fmt.Fprintf(&b, "  %s %s  %s\n", padColumns(words.Status(r.Status), width), r.Check.Name, words.L("[{{.Server}} {{.Target}}, {{.MS}} ms]",
				map[string]any{"Server": r.Server, "Target": TargetIn(words, r.Check), "MS": r.Duration.Milliseconds()}))
			if !r.Message.IsZero() {
				fmt.Fprintf(&b, "%s%s\n", indent, words.Message(r.Message))
			}
			for _, f := range r.Failures {
				fmt.Fprintf(&b, "%s%s\n", indent, words.Failure(f.Kind, f.Path, f.Expected, f.Actual))
			}
		}
		if rep.Updated > 0 {
			fmt.Fprintf(&b, "  %s\n", words.L("{{.N}} snapshot(s) rewritten", map[string]any{"N": rep.Updated}))
		}
	}
	b.WriteString(words.L("{{.Passed}} passed, {{.Failed}} failed, {{.Errors}} could not run (no connection), {{.Skipped}} skipped", map[string]any{
		"Passed": total[StatusPassed], "Failed": total[StatusFailed], "Errors": total[StatusError], "Skipped": total[StatusSkipped]}) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// padColumns pads s with spaces to n columns of a terminal, where a CJK
// character takes two.
func padColumns(s string, n int) string {
	cols := columns(s)
	if cols >= n {
		return s
	}
	return s + strings.Repeat(" ", n-cols)
}

// columns is how many terminal columns s takes: a CJK character two.
func columns(s string) int {
	cols := 0
	for _, r := range s {
		cols++
		if r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6) {
			cols++
		}
	}
	return cols
}

// JUnit XML, in the shape CI systems read: testsuites > testsuite > testcase
// > failure | error | skipped.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Skipped  int          `xml:"skipped,attr"`
		Time     string       `xml:"time,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Skipped  int         `xml:"skipped,attr"`
		Time     string      `xml:"time,attr"`
		File     string      `xml:"file,attr,omitempty"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitProblem `xml:"failure,omitempty"`
		Error     *junitProblem `xml:"error,omitempty"`
		Skipped   *junitProblem `xml:"skipped,omitempty"`
		SystemErr string        `xml:"system-err,omitempty"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr,omitempty"`
		Text    string `xml:",chardata"`
	}
)

func seconds(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }

// WriteJUnit writes the reports as JUnit XML, one testsuite per check file.
func WriteJUnit(w io.Writer, reports []*Report) error {
	all := junitSuites{Name: "mcpbrowser check"}
	var totalMS int64
	for _, rep := range reports {
		s := junitSuite{Name: rep.File.Name, File: rep.File.Path, Time: seconds(rep.Duration.Milliseconds())}
		totalMS += rep.Duration.Milliseconds()
		for _, r := range rep.Results {
			r = r.shown()
			c := junitCase{Name: r.Check.Name, Classname: rep.File.Name + "." + r.Server, Time: seconds(r.Duration.Milliseconds())}
			if r.Observed != nil && len(r.Observed.Stderr) > 0 {
				c.SystemErr = strings.Join(r.Observed.Stderr, "\n")
			}
			s.Tests++
			switch r.Status {
			case StatusFailed:
				s.Failures++
				var lines []string
				for _, f := range r.Failures {
					lines = append(lines, f.String())
				}
				c.Failure = &junitProblem{Message: r.Failures[0].String(), Type: r.Failures[0].Kind, Text: strings.Join(lines, "\n")}
			case StatusError:
				s.Errors++
				c.Error = &junitProblem{Message: r.Message.String(), Type: "connection"}
			case StatusSkipped:
				s.Skipped++
				c.Skipped = &junitProblem{Message: r.Message.String()}
			}
			s.Cases = append(s.Cases, c)
		}
		all.Tests += s.Tests
		all.Failures += s.Failures
		all.Errors += s.Errors
		all.Skipped += s.Skipped
		all.Suites = append(all.Suites, s)
	}
	all.Time = seconds(totalMS)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(all); err != nil {
		return fmt.Errorf("writing JUnit XML: %w", err)
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteTAP writes the reports as TAP version 13.
func WriteTAP(w io.Writer, reports []*Report) error {
	var b strings.Builder
	n := 0
	for _, rep := range reports {
		n += len(rep.Results)
	}
	fmt.Fprintf(&b, "TAP version 13\n1..%d\n", n)
	i := 0
	for _, rep := range reports {
		for _, r := range rep.Results {
			r = r.shown()
			i++
			name := rep.File.Name + ": " + r.Check.Name
			switch r.Status {
			case StatusPassed:
				fmt.Fprintf(&b, "ok %d - %s\n", i, name)
			case StatusSkipped:
				fmt.Fprintf(&b, "ok %d - %s # SKIP %s\n", i, name, r.Message)
			default:
				fmt.Fprintf(&b, "not ok %d - %s\n  ---\n", i, name)
				if !r.Message.IsZero() {
					fmt.Fprintf(&b, "  message: %q\n", r.Message.String())
				}
				for _, f := range r.Failures {
					fmt.Fprintf(&b, "  - %q\n", f.String())
				}
				b.WriteString("  ...\n")
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// shown is r as a report may show it: made for CI logs and for git, it
// keeps no secret. The check's secret arguments, wherever the server
// repeated them, and every secret found by its shape are masked in the
// message, the failures and what the server printed.
func (r Result) shown() Result {
	var secrets []string
	if r.Check != nil {
		if b, err := json.Marshal(r.Check.Arguments); err == nil {
			secrets = config.SecretArguments(b)
		}
		for k, v := range r.Check.PromptArguments {
			if config.IsSecretName(k) {
				secrets = append(secrets, v)
			}
		}
	}
	m := (*config.TextMasker)(nil).Add(secrets...)
	r.Message = r.Message.Map(m.Mask)
	r.Failures = slices.Clone(r.Failures)
	for i, f := range r.Failures {
		f.Expected, f.Actual = f.Expected.Map(m.Mask), f.Actual.Map(m.Mask)
		r.Failures[i] = f
	}
	if r.Observed != nil {
		o := *r.Observed
		o.Stderr = slices.Clone(o.Stderr)
		for i, l := range o.Stderr {
			o.Stderr[i] = m.Mask(l)
		}
		r.Observed = &o
	}
	return r
}
