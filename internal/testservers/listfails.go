package testservers

// ListFailsScript is a stdio server for `sh -c`: it answers initialize
// (protocol 2025-06-18, declaring tools) and refuses tools/list with the
// JSON-RPC error "database is down", and every other request with "Method
// not found" — a server that connects but cannot list its tools. Unix only.
const ListFailsScript = `while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9]*\).*/\1/p')
  [ -n "$id" ] || continue
  case "$line" in
    *'"method":"initialize"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"t","version":"1"}}}\n' "$id" ;;
    *'"method":"tools/list"'*) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"database is down"}}\n' "$id" ;;
    *) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id" ;;
  esac
done`
