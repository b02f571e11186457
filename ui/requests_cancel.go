package ui

import (
	"errors"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// This file is what becomes of a server's questions when the person
// cancels the call they came with (the rule of which call a question is
// for is in mcp/waitclock.go):
//
//   - A question that came as part of the call (a multi-round-trip input
//     request, a task's input) means nothing once the call is gone. It is
//     answered for the person — an elicitation with "cancel", a sampling
//     request with the error a client sends when the user rejects it — and
//     leaves the queue; the call's result says so.
//   - A question the server sent on the connection, while the cancelled
//     call was the only one running, was most likely for it, but the server
//     did not withdraw it and may still want an answer. It stays, says so,
//     and the keyboard is put on Decline (Reject for a model reply).
//   - Any other question is the server's own business and stays as it is.

// callCancelled cancels the call tagged tag with cancel and takes its
// questions, returning how many were withdrawn. The call is cancelled
// first: a question that came as part of it mostly ends with its context,
// and its answer then is the call's notifications/cancelled (answering it
// first would let a multi-round-trip call go on with the answer, and end
// as if it had not been cancelled). One that is still waiting after that
// is answered as above.
func (p *requestPanel) callCancelled(tag *mcp.CallTag, cancel func()) (withdrawn int) {
	if p.src == nil || tag == nil {
		cancel()
		return 0
	}
	var tied []*mcp.PendingRequest
	for _, r := range p.src.queue.Pending() {
		switch {
		case p.answered[r]:
		case r.TiedTo(tag):
			tied = append(tied, r)
		case r.OnlyDuring(tag):
			p.orphaned[r] = true
		}
	}
	cancel()
	for _, r := range tied {
		var err error
		if r.Kind == mcp.RequestSampling {
			err = r.Reject("")
		} else {
			err = r.Cancel()
		}
		if err == nil || errors.Is(err, mcp.ErrRequestGone) {
			p.answered[r] = true
			withdrawn++
		}
	}
	if withdrawn > 0 {
		p.lastAnswer = i18n.N("The call was cancelled; its {{.Count}} questions to you were withdrawn", withdrawn)
		p.deps.answered(p.lastAnswer)
	}
	if cur := p.current; cur != nil {
		switch {
		case p.answered[cur]:
			p.current = nil // sync shows the next one
		case p.orphaned[cur] && p.visible:
			p.show(cur) // with the note, the keyboard on Decline
		}
	}
	p.sync()
	if withdrawn > 0 && len(p.pending) == 0 && p.visible {
		p.close()
	}
	return withdrawn
}

// orphanNote says, on a question whose call was cancelled, that the server
// still waits, and what the person may do.
func orphanNote(r *mcp.PendingRequest) string {
	if r.Kind == mcp.RequestSampling {
		return i18n.L("The call this came during was cancelled, but the server did not withdraw its request. Reject it if it no longer matters.")
	}
	return i18n.L("The call this came during was cancelled, but the server did not withdraw its question. Decline it if it no longer matters.")
}

// sayOrphaned puts orphanNote on the request just built by show, if its
// call was cancelled.
func (p *requestPanel) sayOrphaned(r *mcp.PendingRequest) {
	if p.orphaned[r] && p.note != nil {
		p.note.SetText(view.JoinSentences(orphanNote(r), p.note.Text))
	}
}

// noLongerNeeded is, when the call of the request on show was cancelled,
// where the keyboard goes: Decline, or Reject for a model reply; else nil.
func (p *requestPanel) noLongerNeeded() *widgets.Button {
	r := p.current
	if r == nil || !p.orphaned[r] {
		return nil
	}
	if r.Kind == mcp.RequestSampling {
		return p.rejectBtn
	}
	return p.declineBtn
}

// addSentence adds a sentence to the result's status line.
func (v *ResultView) addSentence(s string) {
	if v.sentence == nil || s == "" {
		return
	}
	v.sentence.SetText(view.JoinSentences(v.sentence.Text, s))
}

// withdrawnSentence is the result's word on the questions its
// cancellation withdrew.
func withdrawnSentence(n int) string {
	if n == 0 {
		return ""
	}
	return i18n.N("Its {{.Count}} questions to you were withdrawn.", n)
}
