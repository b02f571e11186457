package schema

import (
	"encoding/json"
	"errors"
	"strings"
)

// This file holds placeholders while the implementation is written.

var errTODO = errors.New("not implemented yet")

type compiler struct{}
type finalChecker struct{}
type shape struct{}

type fieldState struct {
	set       bool
	null      bool
	raw       bool
	collapsed bool
	text      string
	boolean   bool
	choice    int
	choices   []int
	chosen    *Field
	children  []*Field
}

func newForm(raw json.RawMessage) (*Form, error)           { return nil, errTODO }
func (f *Form) arguments() (json.RawMessage, []FieldError) { return nil, nil }
func (f *Form) load(args json.RawMessage) error            { return errTODO }
func (f *Form) lookup(path string) *Field                  { return nil }
func (f *Form) applyKeyValues(pairs []string) error        { return errTODO }
func (fd *Field) path() string                             { return "" }
func (fd *Field) index() int                               { return -1 }
func (fd *Field) children() []*Field                       { return fd.state.children }
func (fd *Field) hint() string                             { return "" }
func (fd *Field) isSet() bool                              { return fd.state.set }
func (fd *Field) value() (json.RawMessage, bool)           { return nil, false }
func (fd *Field) setText(string) error                     { return errTODO }
func (fd *Field) setBool(bool) error                       { return errTODO }
func (fd *Field) choice() int                              { return fd.state.choice }
func (fd *Field) setChoice(int) error                      { return errTODO }
func (fd *Field) setChoices([]int) error                   { return errTODO }
func (fd *Field) setNull() error                           { return errTODO }
func (fd *Field) clear()                                   {}
func (fd *Field) reset()                                   {}
func (fd *Field) changed(*Field)                           {}
func (fd *Field) addItem() (*Field, error)                 { return nil, errTODO }
func (fd *Field) removeItem(int) error                     { return errTODO }
func (fd *Field) moveItem(int, int) error                  { return errTODO }
func (fd *Field) allowsEntries() bool                      { return false }
func (fd *Field) addEntry(string) (*Field, error)          { return nil, errTODO }
func (fd *Field) removeEntry(string) error                 { return errTODO }
func (fd *Field) renameEntry(string, string) error         { return errTODO }
func (fd *Field) expand()                                  {}
func (fd *Field) setRaw(string)                            {}
func (fd *Field) useForm() error                           { return errTODO }
func (fd *Field) problem() string                          { return "" }
func (fd *Field) validate() []FieldError                   { return nil }

func joinProblems(head string, problems []FieldError) string {
	var b strings.Builder
	b.WriteString(head)
	for _, p := range problems {
		b.WriteString("\n  ")
		b.WriteString(p.Error())
	}
	return b.String()
}
