package servers

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// The grant types as the editor's Select names them (translated when shown).
const (
	grantBrowserLabel    = "Browser sign-in (authorization code)"
	grantMachineLabel    = "Machine-to-machine (client credentials)"
	grantWorkloadLabel   = "Workload identity (JWT bearer)"
	grantEnterpriseLabel = "Enterprise-managed (ID token from your identity provider)"
)

// grantLabels pairs each grant type with its label, in the order offered.
var grantLabels = []struct{ grant, label string }{
	{oauth.GrantAuthorizationCode, grantBrowserLabel},
	{oauth.GrantClientCredentials, grantMachineLabel},
	{oauth.GrantJWTBearer, grantWorkloadLabel},
	{oauth.GrantEnterprise, grantEnterpriseLabel},
}

// The DPoP choices and the signing algorithm implied by the key.
const (
	dpopAutoLabel   = "Automatic (when the server offers it)"
	dpopAlwaysLabel = "Always (refuse servers without it)"
	dpopNeverLabel  = "Never (plain bearer tokens)"
	algFromKeyLabel = "(what the key implies)"
)

// An OAuthFields is the editor's "Sign-in (OAuth)" section of an http entry.
// Every field is optional: without them MCP Browser registers itself with the
// server's authorization server and signs in through the browser. The rows
// shown are those of the chosen grant type.
type OAuthFields struct {
	ClientID     *widgets.Entry // Esc closes the editor from these too (keys.go)
	ClientSecret *widgets.Entry
	Scopes       *widgets.Entry
	metadataURL  *widgets.Entry
	grant        *widgets.Select
	// origGrant is the grant type as the file wrote it, kept when the Select
	// still says what it meant ("authorization_code" stays, not "").
	origGrant string

	// The OAuth extensions: a private key file (a path, never its contents),
	// the token the JWT-bearer and enterprise grants present (a file or an
	// environment variable), the enterprise identity provider, and DPoP.
	privateKey      *widgets.Entry
	signingAlg      *widgets.Select
	assertionFile   *widgets.Entry
	assertionEnv    *widgets.Entry
	idpIssuer       *widgets.Entry
	idpClientID     *widgets.Entry
	idpClientSecret *widgets.Entry
	dpop            *widgets.Select

	// rows are the form's label/field pairs by field, to show per grant;
	// tokenFileLabel and tokenEnvLabel name the token by grant; hint says
	// what the chosen grant needs.
	rows                          map[fyne.CanvasObject][2]fyne.CanvasObject
	tokenFileLabel, tokenEnvLabel *widget.Label
	hint                          *widget.Label

	accordion *widgets.Accordion
	root      fyne.CanvasObject
}

func newOAuthFields(o *config.OAuthConfig) *OAuthFields {
	src := o
	if src == nil {
		src = &config.OAuthConfig{}
	}
	entry := func(text, placeholder string) *widgets.Entry {
		e := widgets.NewEntry()
		e.SetPlaceHolder(placeholder)
		e.SetText(text)
		return e
	}
	f := &OAuthFields{
		ClientID: widgets.NewEntry(), ClientSecret: widgets.NewPasswordEntry(),
		Scopes: widgets.NewEntry(), metadataURL: widgets.NewEntry(),
		origGrant:       src.GrantType,
		privateKey:      entry(src.PrivateKeyFile, lang.L("/path/to/client-key.pem")),
		assertionFile:   entry(src.AssertionFile, lang.L("/path/to/token.jwt")),
		assertionEnv:    entry(src.AssertionEnv, lang.L("(or a variable's NAME)")),
		idpIssuer:       entry(src.IdPIssuer, lang.L("https://idp.example.com")),
		idpClientID:     entry(src.IdPClientID, ""),
		idpClientSecret: widgets.NewPasswordEntry(),
	}
	f.ClientID.SetPlaceHolder(lang.L("(none: MCP Browser registers itself)"))
	f.ClientID.SetText(src.ClientID)
	f.ClientSecret.SetPlaceHolder(lang.L("(none: a public client)"))
	f.ClientSecret.SetText(src.ClientSecret)
	f.Scopes.SetPlaceHolder(lang.L("(empty: what the server asks for)"))
	f.Scopes.SetText(strings.Join(src.Scopes, " "))
	f.metadataURL.SetPlaceHolder(lang.L("https://example.com/mcpbrowser.json"))
	f.metadataURL.SetText(src.ClientMetadataURL)
	f.idpClientSecret.SetPlaceHolder(lang.L("(none: a public client)"))
	f.idpClientSecret.SetText(src.IdPClientSecret)

	algs := append([]string{lang.L(algFromKeyLabel)}, oauth.SigningAlgs...)
	if src.SigningAlg != "" && !slices.Contains(algs, src.SigningAlg) {
		algs = append(algs, src.SigningAlg) // an unknown one stays as written
	}
	f.signingAlg = widgets.NewSelect(algs, nil)
	f.signingAlg.SetSelected(algs[0])
	if src.SigningAlg != "" {
		f.signingAlg.SetSelected(src.SigningAlg)
	}
	dpops := []string{lang.L(dpopAutoLabel), lang.L(dpopAlwaysLabel), lang.L(dpopNeverLabel)}
	f.dpop = widgets.NewSelect(dpops, nil)
	switch src.DPoP {
	case oauth.DPoPAlways:
		f.dpop.SetSelected(dpops[1])
	case oauth.DPoPNever:
		f.dpop.SetSelected(dpops[2])
	default:
		f.dpop.SetSelected(dpops[0])
	}

	var options []string
	for _, g := range grantLabels {
		options = append(options, lang.L(g.label))
	}
	if label := grantLabel(src.GrantType); !slices.Contains(options, label) {
		options = append(options, label) // an unknown grant type stays as written
	}
	f.grant = widgets.NewSelect(options, func(string) { f.showGrantRows() })

	f.tokenFileLabel = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{})
	f.tokenEnvLabel = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{})
	f.rows = map[fyne.CanvasObject][2]fyne.CanvasObject{}
	var cells []fyne.CanvasObject
	row := func(label fyne.CanvasObject, field fyne.CanvasObject) {
		f.rows[field] = [2]fyne.CanvasObject{label, field}
		cells = append(cells, label, field)
	}
	row(widgets.FormLabel(lang.L("Grant type")), f.grant)
	row(widgets.FormLabel(lang.L("Client ID")), f.ClientID)
	row(widgets.FormLabel(lang.L("Client secret")), f.ClientSecret)
	row(widgets.FormLabel(lang.L("Private key file")), f.privateKey)
	row(widgets.FormLabel(lang.L("Signing algorithm")), f.signingAlg)
	row(widgets.FormLabel(lang.L("Identity provider")), f.idpIssuer)
	row(widgets.FormLabel(lang.L("IdP client ID")), f.idpClientID)
	row(widgets.FormLabel(lang.L("IdP client secret")), f.idpClientSecret)
	row(f.tokenFileLabel, f.assertionFile)
	row(f.tokenEnvLabel, f.assertionEnv)
	row(widgets.FormLabel(lang.L("Scopes")), f.Scopes)
	row(widgets.FormLabel(lang.L("Client metadata URL")), f.metadataURL)
	row(widgets.FormLabel(lang.L("DPoP")), f.dpop)
	form := container.New(layout.NewFormLayout(), cells...)
	f.hint = widget.NewLabel("")
	f.hint.Wrapping = fyne.TextWrapWord
	f.hint.SizeName = theme.SizeNameCaptionText
	f.grant.SetSelected(grantLabel(src.GrantType)) // shows the grant's rows
	item := widget.NewAccordionItem(lang.L("Sign-in (OAuth)"), container.NewVBox(form, f.hint))
	f.accordion = widgets.NewAccordion(item)
	if o != nil {
		item.Open = true
	}
	f.root = f.accordion
	return f
}

// grantRows are the fields each grant type uses; the others are hidden.
func (f *OAuthFields) grantRows(grant string) []fyne.CanvasObject {
	common := []fyne.CanvasObject{f.grant, f.ClientID, f.Scopes, f.dpop}
	clientAuth := []fyne.CanvasObject{f.ClientSecret, f.privateKey, f.signingAlg}
	token := []fyne.CanvasObject{f.assertionFile, f.assertionEnv}
	switch grant {
	case oauth.GrantClientCredentials:
		return slices.Concat(common, clientAuth)
	case oauth.GrantJWTBearer:
		return slices.Concat(common, clientAuth, token)
	case oauth.GrantEnterprise:
		return slices.Concat(common, clientAuth, token, []fyne.CanvasObject{f.idpIssuer, f.idpClientID, f.idpClientSecret})
	}
	return append(common, f.ClientSecret, f.metadataURL)
}

// grantHints say what each grant type needs, under the fields.
var grantHints = map[string]string{
	oauth.GrantAuthorizationCode: "All optional. A client ID (and secret) is one the server's owner gave you; scopes are separated by spaces. " +
		"The client metadata document URL identifies MCP Browser to servers that accept one. Tokens are kept outside the servers file.",
	oauth.GrantClientCredentials: "No browser: the client ID and either its secret or a private key file (private_key_jwt, ES256 or RS256) " +
		"the server's owner registered. The file stays where it is; only its path is saved.",
	oauth.GrantJWTBearer: "No browser: the token your platform issues to this workload (a JWT, renewed by the platform) is the grant. " +
		"Give the file it is written to, or the environment variable that holds it; it is read again at every sign-in.",
	oauth.GrantEnterprise: "Your ID token from the enterprise identity provider is exchanged there for an ID-JAG, " +
		"which this server's authorization server takes. Give the provider's issuer URL, MCP Browser's client there and the client here. " +
		"Leave the ID token file and variable empty to sign in at the provider in the browser.",
}

// showGrantRows shows the rows of the chosen grant type and its hint.
func (f *OAuthFields) showGrantRows() {
	grant := f.grantType()
	if grant == "" {
		grant = oauth.GrantAuthorizationCode
	}
	show := f.grantRows(grant)
	for field, pair := range f.rows {
		for _, o := range pair {
			if slices.Contains(show, field) {
				o.Show()
			} else {
				o.Hide()
			}
		}
	}
	if grant == oauth.GrantEnterprise {
		f.tokenFileLabel.SetText(lang.L("ID token file"))
		f.tokenEnvLabel.SetText(lang.L("ID token variable"))
	} else {
		f.tokenFileLabel.SetText(lang.L("Workload token file"))
		f.tokenEnvLabel.SetText(lang.L("Workload token variable"))
	}
	if f.hint != nil {
		f.hint.SetText(lang.L(grantHints[grant]))
	}
}

// grantLabel is the Select's label for a grant type.
func grantLabel(grantType string) string {
	if grantType == "" {
		grantType = oauth.GrantAuthorizationCode
	}
	for _, g := range grantLabels {
		if g.grant == grantType {
			return lang.L(g.label)
		}
	}
	return grantType
}

// grantType is the grant type the Select says, as the file writes it.
func (f *OAuthFields) grantType() string {
	for _, g := range grantLabels {
		if f.grant.Selected != lang.L(g.label) {
			continue
		}
		if g.grant == oauth.GrantAuthorizationCode && f.origGrant != oauth.GrantAuthorizationCode {
			return ""
		}
		return g.grant
	}
	return f.grant.Selected
}

// build is the entry's OAuth settings, nil when every field is empty, or what
// is wrong with them (the checks the sign-in would make, said before saving).
// Fields the chosen grant type does not show are not saved.
func (f *OAuthFields) build() (*config.OAuthConfig, error) {
	grant := f.grantType()
	shown := f.grantRows(grant)
	if grant == "" {
		shown = f.grantRows(oauth.GrantAuthorizationCode)
	}
	text := func(e *widgets.Entry) string {
		if !slices.Contains(shown, fyne.CanvasObject(e)) {
			return ""
		}
		return strings.TrimSpace(e.Text)
	}
	o := &config.OAuthConfig{
		ClientID:          text(f.ClientID),
		ClientSecret:      text(f.ClientSecret),
		ClientMetadataURL: text(f.metadataURL),
		GrantType:         grant,
		PrivateKeyFile:    text(f.privateKey),
		AssertionFile:     text(f.assertionFile),
		AssertionEnv:      text(f.assertionEnv),
		IdPIssuer:         text(f.idpIssuer),
		IdPClientID:       text(f.idpClientID),
		IdPClientSecret:   text(f.idpClientSecret),
	}
	if scopes := strings.Fields(f.Scopes.Text); len(scopes) > 0 {
		o.Scopes = scopes
	}
	if alg := f.signingAlg.Selected; o.PrivateKeyFile != "" && alg != lang.L(algFromKeyLabel) {
		o.SigningAlg = alg
	}
	switch f.dpop.Selected {
	case lang.L(dpopAlwaysLabel):
		o.DPoP = oauth.DPoPAlways
	case lang.L(dpopNeverLabel):
		o.DPoP = oauth.DPoPNever
	}
	switch {
	case o.GrantType == oauth.GrantClientCredentials && (o.ClientID == "" || (o.ClientSecret == "" && o.PrivateKeyFile == "")):
		return nil, errors.New("machine-to-machine sign-in (client credentials) needs a client ID and a client secret or private key file; " +
			"enter them under Sign-in (OAuth), or choose browser sign-in")
	case o.ClientSecret != "" && o.ClientID == "":
		return nil, errors.New("the sign-in has a client secret but no client ID; enter the client ID that goes with it")
	case o.ClientMetadataURL != "" && !view.IsHTTPSWithPath(o.ClientMetadataURL):
		return nil, fmt.Errorf("the client metadata document URL must be an https address with a path, such as https://example.com/mcpbrowser.json, not %q", o.ClientMetadataURL)
	}
	if err := oauth.CheckConfig(o); err != nil {
		return nil, err
	}
	if reflect.DeepEqual(o, &config.OAuthConfig{}) {
		return nil, nil
	}
	return o, nil
}

// reveal opens the section, so that a message about its fields points at
// something visible.
func (f *OAuthFields) reveal() { f.accordion.Open(0) }
