package i18ntest

import "testing"

func TestWithoutValues(t *testing.T) {
	for _, tc := range []struct {
		in     string
		values []string
		want   string
	}{
		{`服务器 "demo" 已停止`, nil, `服务器  已停止`},
		{`打开 https://example.com/x 失败`, nil, `打开  失败`},
		{`使用 ${input:token} 的值`, nil, `使用  的值`},
		{`返回 HTTP 502 Bad Gateway。`, []string{"HTTP …"}, `返回 。`},
		{`工具 delete_all 会删除`, []string{"delete", "delete_all"}, `工具  会删除`},
		{`转义 "a \" b" 完`, nil, `转义  完`},
		{`没有值 English stays`, []string{"values"}, `没有值 English stays`},
	} {
		if got := WithoutValues(tc.in, tc.values...); got != tc.want {
			t.Errorf("WithoutValues(%q, %q) = %q, want %q", tc.in, tc.values, got, tc.want)
		}
	}
}
