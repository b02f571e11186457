package tap

import (
	"bytes"
	"encoding/json"
	"time"
)

// maxAsked bounds the requests waiting for an answer (a host that never
// gets answers must not grow the tap).
const maxAsked = 10000

// envelope is the part of a JSON-RPC message the recording reads: what it
// is, and from initialize who is talking.
type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  *struct {
		ClientInfo *Peer `json:"clientInfo"`
	} `json:"params"`
	Result *struct {
		IsError    bool  `json:"isError"`
		ServerInfo *Peer `json:"serverInfo"`
	} `json:"result"`
	Error *struct {
		Code int `json:"code"`
	} `json:"error"`
}

// describe fills in what a frame is, pairs an answer with its request and
// counts it.
func (r *Recorder) describe(rec *Record, raw []byte, s int) {
	trimmed := bytes.TrimSpace(raw)
	var envs []envelope
	switch {
	case len(trimmed) > 0 && trimmed[0] == '{':
		var env envelope
		if json.Unmarshal(trimmed, &env) == nil && env.JSONRPC == "2.0" {
			envs = []envelope{env}
		}
	case len(trimmed) > 0 && trimmed[0] == '[':
		if json.Unmarshal(trimmed, &envs) == nil && len(envs) > 0 {
			rec.Batch = true
		}
	}
	if len(envs) == 0 {
		rec.Kind = KindInvalid
		r.meta.Counts.Invalid++
		return
	}
	for i := range envs {
		one := Record{}
		r.describeOne(&one, &envs[i], s, rec.Time)
		if i == 0 {
			rec.Kind, rec.Method, rec.ID, rec.Re, rec.Ms = one.Kind, one.Method, one.ID, one.Re, one.Ms
			rec.IsError, rec.Code = one.IsError, one.Code
		}
	}
}

func (r *Recorder) describeOne(rec *Record, env *envelope, s int, t time.Time) {
	if len(env.ID) > 0 && string(env.ID) != "null" {
		rec.ID = string(env.ID)
	}
	rec.Method = env.Method
	from := fromOf(s)
	switch {
	case env.Method != "" && rec.ID != "":
		rec.Kind = KindRequest
		r.meta.Counts.Requests++
		if len(r.asked) >= maxAsked {
			clear(r.asked)
		}
		r.asked[from+" "+rec.ID] = asked{method: env.Method, t: t}
		if env.Method == "initialize" && s == streamHost && env.Params != nil && env.Params.ClientInfo != nil {
			r.meta.Host = env.Params.ClientInfo
		}
	case env.Method != "":
		rec.Kind = KindNotification
		r.meta.Counts.Notifications++
	default:
		rec.Kind = KindResult
		r.meta.Counts.Answers++
		if env.Error != nil {
			rec.Kind, rec.Code = KindError, env.Error.Code
			r.meta.Counts.Errors++
		} else if env.Result != nil && env.Result.IsError {
			rec.IsError = true
			r.meta.Counts.Errors++
		}
		key := other(from) + " " + rec.ID
		if q, ok := r.asked[key]; ok {
			delete(r.asked, key)
			rec.Re = q.method
			rec.Ms = float64(t.Sub(q.t).Microseconds()) / 1000
			if q.method == "initialize" && env.Result != nil && env.Result.ServerInfo != nil {
				r.meta.Server = env.Result.ServerInfo
			}
		}
	}
}

func other(from string) string {
	if from == FromHost {
		return FromServer
	}
	return FromHost
}
