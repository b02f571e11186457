package config

// Approval of imported commands.
//
// A server that came from outside — imported from another client's file,
// found by discovery, or pasted — is not started until the person has seen
// its exact command line and approved it once. The rule:
//
//	needs approval ⇔ the entry is stdio
//	               ∧ the entry carries an "x-mcpbrowser" source (ImportedFrom)
//	               ∧ the hash of its command line is not in the ApprovalStore
//
// The source mark lives in the servers file, in the entry's Extra (written by
// ParseClientConfig, ParsePasted, Import and MarkImported), so it survives
// restarts and edits. The approval itself lives only in the store, keyed by
// a hash of the command as it will run (resolved executable, arguments,
// working folder, env names and values). The executable is found by
// transport.PathResolver, the same lookup that starts the server, so the
// program approved is the program started. So editing an imported entry in any
// way that changes what runs asks again, and approving never has to rewrite
// the servers file. Entries the person typed by hand carry no source and are
// trusted as written. Remote entries start no program and need no approval.

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"mcpbrowser/mcp/store"
)

// A CommandSummary is what an entry will run, as shown to the person before
// they approve it.
type CommandSummary struct {
	// Command is the program as written in the entry.
	Command string
	// Executable is the program found for it; empty when it was not found.
	Executable string
	// PathSearched is the PATH the program was looked up in.
	PathSearched string
	Args         []string
	// Cwd is the working folder; empty means MCP Browser's own.
	Cwd string
	// Env are the entry's own variables, sorted by name, secret values masked.
	Env []EnvEntry

	hash string
}

// An EnvEntry is one variable of a CommandSummary.
type EnvEntry struct {
	Name string
	// Value is masked when Secret (MaskSecret).
	Value  string
	Secret bool
}

// Found reports whether the program was found.
func (c CommandSummary) Found() bool { return c.Executable != "" }

// Hash identifies the exact command: the same hash means the same program,
// arguments, folder and environment. Secrets enter it only through a one-way
// hash.
func (c CommandSummary) Hash() string { return c.hash }

// String is the command as one shell-like line: cd, variables, program, args.
func (c CommandSummary) String() string {
	var parts []string
	if c.Cwd != "" {
		parts = append(parts, "cd "+shellQuote(c.Cwd)+" &&")
	}
	for _, e := range c.Env {
		parts = append(parts, e.Name+"="+shellQuote(e.Value))
	}
	exe := c.Executable
	if exe == "" {
		exe = c.Command
	}
	parts = append(parts, shellQuote(exe))
	for _, a := range c.Args {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ")
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n\"'\\$`!*?&;|<>(){}[]#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Summarize is what s will run, as shown to the person and hashed for the
// approval: executable is the program found for s.Command ("" when none was)
// and pathSearched the PATH it was looked up in. transport.PathResolver's
// Command finds them the way starting the server does; call that, not this,
// unless you have them already. Pass the entry as it will start: after
// ExpandVariables, but with ${input:…} still in place, so that the person's
// answers stay out of the hash.
func Summarize(s *ServerConfig, executable, pathSearched string) CommandSummary {
	c := CommandSummary{Command: s.Command, Executable: executable, PathSearched: pathSearched,
		Args: slices.Clone(s.Args), Cwd: s.Cwd}
	for _, name := range slices.Sorted(maps.Keys(s.Env)) {
		c.Env = append(c.Env, EnvEntry{Name: name, Value: MaskValue(name, s.Env[name]), Secret: IsSecretName(name)})
	}
	c.hash = commandHash(c, s.Env)
	return c
}

// commandHash hashes the program found (or, when none was, the name as
// written: a later install changes the hash and asks again), the arguments,
// the folder, and every env name and unmasked value.
func commandHash(c CommandSummary, env map[string]string) string {
	program := c.Executable
	if program == "" {
		program = "not found: " + c.Command
	}
	var pairs [][2]string
	for _, name := range slices.Sorted(maps.Keys(env)) {
		pairs = append(pairs, [2]string{name, env[name]})
	}
	data, _ := json.Marshal(struct {
		V       int         `json:"v"`
		Program string      `json:"program"`
		Args    []string    `json:"args"`
		Cwd     string      `json:"cwd"`
		Env     [][2]string `json:"env"`
	}{1, program, c.Args, c.Cwd, pairs})
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// approvalsFile is the store's file name inside its folder.
const approvalsFile = "approvals.json"

// An ApprovalStore remembers the commands the person approved, by hash, in
// a file only they can read. It is safe for concurrent use, in one process
// and across processes (the window and the command line approving at once):
// each change is a read-modify-write under the file's lock (store.Update).
type ApprovalStore struct {
	path string
	mu   sync.Mutex
}

// NewApprovalStore keeps approvals in dir/approvals.json.
func NewApprovalStore(dir string) *ApprovalStore {
	return &ApprovalStore{path: filepath.Join(dir, approvalsFile)}
}

// DefaultApprovalStore keeps approvals under the XDG state folder
// (~/.local/state/mcpbrowser on Linux).
func DefaultApprovalStore() (*ApprovalStore, error) {
	p, err := store.File(store.State, approvalsFile)
	if err != nil {
		return nil, fmt.Errorf("finding a folder for approvals: %w", err)
	}
	return NewApprovalStore(filepath.Dir(p)), nil
}

// Path is the store's file.
func (st *ApprovalStore) Path() string { return st.path }

// An approval is one remembered command. The masked command line is kept so
// that a person reading the file knows what they approved.
type approval struct {
	Name       string    `json:"name"`
	Command    string    `json:"command"`
	ApprovedAt time.Time `json:"approvedAt"`
}

type approvalFile struct {
	Approved map[string]approval `json:"approved"`
}

// parseApprovals reads the file's content; a missing or unreadable-as-JSON
// file is empty, so that every imported command is simply asked for again.
func parseApprovals(data []byte) approvalFile {
	f := approvalFile{Approved: map[string]approval{}}
	if json.Unmarshal(data, &f) != nil || f.Approved == nil {
		f.Approved = map[string]approval{}
	}
	return f
}

// load reads the file as it is now.
func (st *ApprovalStore) load() (approvalFile, error) {
	data, err := os.ReadFile(st.path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return approvalFile{}, fmt.Errorf("reading approvals: %w", err)
	}
	return parseApprovals(data), nil
}

// update applies change to the file as it is now, under its lock, and saves
// it (always private: a file made readable by others is private again).
func (st *ApprovalStore) update(change func(f approvalFile) bool) error {
	st.mu.Lock()
	defer st.mu.Unlock()
	err := store.Update(st.path, store.Private, func(old []byte) ([]byte, error) {
		f := parseApprovals(old)
		if !change(f) {
			return old, nil
		}
		data, err := json.MarshalIndent(f, "", "  ")
		return append(data, '\n'), err
	})
	if err != nil {
		return fmt.Errorf("saving approvals: %w", err)
	}
	return nil
}

// IsApproved reports whether this exact command was approved.
func (st *ApprovalStore) IsApproved(c CommandSummary) (bool, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	f, err := st.load()
	if err != nil {
		return false, err
	}
	_, ok := f.Approved[c.hash]
	return ok, nil
}

// ApproveCommand remembers this exact command as approved; name is the
// server's, kept for the person reading the file.
func (st *ApprovalStore) ApproveCommand(name string, c CommandSummary) error {
	if c.hash == "" {
		return errors.New("nothing to approve: the command summary is empty")
	}
	return st.update(func(f approvalFile) bool {
		f.Approved[c.hash] = approval{Name: name, Command: c.String(), ApprovedAt: time.Now().UTC().Truncate(time.Second)}
		return true
	})
}

// RevokeCommand forgets an approval; the next start asks again.
func (st *ApprovalStore) RevokeCommand(c CommandSummary) error {
	return st.update(func(f approvalFile) bool {
		_, ok := f.Approved[c.hash]
		delete(f.Approved, c.hash)
		return ok
	})
}

// NeedsApproval applies the rule at the top of this file to s, whose command
// line c is (transport.PathResolver's Command: the program as it will start).
func (st *ApprovalStore) NeedsApproval(s *ServerConfig, c CommandSummary) (bool, error) {
	if s.Type != TypeStdio {
		return false, nil
	}
	if _, imported := ImportedFrom(s); !imported {
		return false, nil
	}
	ok, err := st.IsApproved(c)
	return !ok, err
}
