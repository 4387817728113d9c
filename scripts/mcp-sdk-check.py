"""End-to-end check of SkillStore's MCP server with the official MCP Python SDK as the client.

Usage: python mcp-sdk-check.py SKILLCTL DATABASE MODE     (stdio: `skillctl mcp`)
       python mcp-sdk-check.py URL MODE                   (Streamable HTTP: `skillctl serve`'s /mcp)
MODE is 'auto' (the SDK probes server/discover and speaks 2026-07-28) or
'legacy' (the initialize handshake). Prints one JSON report on standard
output; exits non-zero with the reason on standard error when a check fails.
Over HTTP it also sends hostile requests with the standard library's HTTP
client and reports the status and JSON-RPC code of each answer.
"""

import asyncio
import warnings
import base64
import hashlib
import json
import sys
import http.client
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import mcp_types as types
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError
from pydantic import TypeAdapter

RAW = TypeAdapter(dict[str, Any])
warnings.filterwarnings("ignore", message="ping is removed")


def check(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(message)


async def raw(client: Client, method: str, params: dict[str, Any]) -> dict[str, Any]:
    """A request the SDK has no typed method for, sent as-is."""
    return await client.session.send_request(types.Request[dict[str, Any], str](method=method, params=params), RAW)


async def error_code(client: Client, method: str, params: dict[str, Any]) -> int:
    try:
        await raw(client, method, params)
    except MCPError as error:
        return error.error.code
    raise AssertionError(f"{method} {params} did not fail")


def content_bytes(content: Any) -> bytes:
    if getattr(content, "text", None) is not None:
        return content.text.encode("utf-8")
    return base64.b64decode(content.blob)


def exchange(url: str, body: bytes, headers: dict[str, str], method: str = "POST") -> tuple[int, Any, dict[str, str]]:
    """One raw HTTP request: the status, the JSON body (None when empty) and the headers."""
    request = urllib.request.Request(url, data=body if method == "POST" else None, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, data, answered = response.status, response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        status, data, answered = error.code, error.read(), dict(error.headers)
    return status, json.loads(data) if data else None, {key.lower(): value for key, value in answered.items()}


def announce_huge_body(url: str, headers: dict[str, str]) -> list[Any]:
    """Headers that announce a 5 MB message, and no body: the server answers from the headers alone."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    connection.putrequest("POST", parts.path)
    for key, value in {**headers, "Content-Length": str(5 << 20)}.items():
        connection.putheader(key, value)
    connection.endheaders()
    response = connection.getresponse()
    answer = json.loads(response.read() or b"null")
    connection.close()
    return [response.status, (answer or {}).get("error", {}).get("code")]


def hostile(url: str) -> dict[str, Any]:
    """What the HTTP transport answers to requests a well-behaved client never sends."""
    plain = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    initialize = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                             "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                                        "clientInfo": {"name": "hostile", "version": "1"}}}).encode()
    status, answer, headers = exchange(url, initialize, plain)
    check(status == 200 and "mcp-session-id" in headers, f"initialize over raw HTTP: {status} {answer}")
    session = {**plain, "Mcp-Session-Id": headers["mcp-session-id"]}
    ping = b'{"jsonrpc":"2.0","id":2,"method":"ping"}'

    def outcome(status: int, answer: Any) -> list[Any]:
        return [status, (answer or {}).get("error", {}).get("code")]

    results = {
        "not_json": outcome(*exchange(url, b"{not json", session)[:2]),
        "deep_nesting": outcome(*exchange(url, b"[" * 100_000, session)[:2]),
        "batch": outcome(*exchange(url, b"[" + ping + b"]", session)[:2]),
        "huge": announce_huge_body(url, session),
        "no_session": outcome(*exchange(url, ping, plain)[:2]),
        "unknown_session": outcome(*exchange(url, ping, {**plain, "Mcp-Session-Id": "f" * 32})[:2]),
        "foreign_origin": outcome(*exchange(url, initialize, {**plain, "Origin": "http://attacker.example"})[:2]),
        "bad_protocol_version": outcome(*exchange(url, ping, {**session, "MCP-Protocol-Version": "1999-01-01"})[:2]),
        "wrong_content_type": outcome(*exchange(url, ping, {**session, "Content-Type": "text/plain"})[:2]),
        "get": outcome(*exchange(url, b"", {"Accept": "text/event-stream"}, method="GET")[:2]),
        "notification": outcome(*exchange(url, b'{"jsonrpc":"2.0","method":"notifications/initialized"}', session)[:2]),
    }
    # The session still answers after all of it.
    status, answer, _ = exchange(url, ping, session)
    check(status == 200 and answer.get("result") == {}, f"the session no longer answers: {status} {answer}")
    results["delete"] = outcome(*exchange(url, b"", session, method="DELETE")[:2])
    results["after_delete"] = outcome(*exchange(url, ping, session)[:2])
    return results


async def main(target: str, database: str | None, mode: str) -> dict[str, Any]:
    report: dict[str, Any] = {}
    if database is None:
        server: Any = target
        report["transport"] = "http"
    else:
        server = StdioServerParameters(command=target, args=["--db", database, "mcp"])
        report["transport"] = "stdio"
    async with Client(server, mode=mode, cache=None) as client:
        session = client.session
        if session.discover_result is not None:
            report["era"] = "modern"
            report["capabilities"] = session.discover_result.capabilities.model_dump(by_alias=True, exclude_none=True)
        else:
            report["era"] = "handshake"
            report["protocol_version"] = session.initialize_result.protocol_version
            report["capabilities"] = session.initialize_result.capabilities.model_dump(by_alias=True, exclude_none=True)

        # Resources: every page, every file read.
        uris: list[str] = []
        cursor = None
        while True:
            page = await client.list_resources(cursor=cursor)
            uris += [str(resource.uri) for resource in page.resources]
            for resource in page.resources:
                if str(resource.uri).endswith("/SKILL.md"):
                    check(resource.mime_type == "text/markdown", f"{resource.uri} is {resource.mime_type}")
                    check(bool(resource.description), f"{resource.uri} has no description")
            cursor = page.next_cursor
            if not cursor:
                break
        report["resources"] = uris

        # The Skills extension, through raw requests; every digest checked
        # against the bytes resources/read returns.
        skills: list[dict[str, Any]] = []
        cursor = None
        while True:
            page = await raw(client, "skills/list", {"cursor": cursor} if cursor else {})
            check(page.get("resultType") == "complete", "skills/list has no resultType complete")
            check("ttlMs" in page and page.get("cacheScope") in ("public", "private"), "skills/list is not cacheable")
            skills += page["skills"]
            cursor = page.get("nextCursor")
            if not cursor:
                break
        report["skills"] = [skill["uri"] for skill in skills]
        verified = 0
        listed = set()
        for skill in skills:
            got = await raw(client, "skills/get", {"uri": skill["uri"]})
            check(got["skill"] == skill, f"skills/get {skill['uri']} differs from its skills/list entry")
            check(skill["frontmatter"]["name"] == skill["uri"].split("/")[-2], f"{skill['uri']} name is not its segment")
            for file in skill["resources"]:
                listed.add(file["uri"])
                read = await client.read_resource(file["uri"])
                data = content_bytes(read.contents[0])
                check(len(data) == file["size"], f"{file['uri']}: {len(data)} bytes, manifest says {file['size']}")
                check("sha256:" + hashlib.sha256(data).hexdigest() == file["digest"], f"{file['uri']}: digest differs")
                verified += 1
        check(listed == set(uris), "skills/list files and resources/list differ")
        report["verified_files"] = verified

        # Tools: listed with schemas, each called.
        tools = await client.list_tools()
        report["tools"] = [tool.name for tool in tools.tools]
        for tool in tools.tools:
            check(tool.input_schema.get("type") == "object", f"{tool.name} input schema")
            check(tool.output_schema is not None, f"{tool.name} has no output schema")
        first = skills[0]["uri"].split("/")
        name = f"{first[2]}/{first[3]}"
        calls = {
            "search_skills": {"query": skills[0]["frontmatter"]["name"].split("-")[0]},
            "get_skill": {"skill": name},
            "skill_provenance": {"skill": name},
            "check_skill": {"skill": name},
            "scan_skill": {"skill": name},
        }
        results = {}
        for tool, arguments in calls.items():
            result = await client.call_tool(tool, arguments)
            check(not result.is_error, f"{tool} failed: {result.content}")
            check(result.structured_content is not None, f"{tool} has no structured content")
            results[tool] = result.structured_content
        found = results["search_skills"]["skills"]
        check(found, "search found nothing")
        check(len({(entry["namespace"], entry["name"]) for entry in found}) == len(found), "search repeats a skill")
        for entry in found:
            check(entry["uri"] == f"skill://{entry['namespace']}/{entry['name']}/SKILL.md", f"search uri {entry['uri']}")
            check(all(entry.get(key) for key in ("id", "bundle")), "a search entry has no SKILL.md or bundle id")
            check("scan" not in entry or entry["scan"]["highest"] is not None, "a search entry's verdict has no highest")
        check(isinstance(results["scan_skill"].get("stored"), bool), "scan_skill does not say whether it is stored")
        check(results["get_skill"]["uri"] == skills[0]["uri"], "get_skill uri")
        missing = await client.call_tool("get_skill", {"skill": "no-such-skill"})
        check(missing.is_error, "a missing skill is no tool error")
        report["tool_results"] = {tool: sorted(value.keys()) for tool, value in results.items()}

        # resources/directory/read, declared by directoryRead: every child of
        # each skill's root, files as resources/list gives them.
        extension = report["capabilities"].get("extensions", {}).get("io.modelcontextprotocol/skills", {})
        check(extension.get("directoryRead") is True, "directoryRead is not declared")
        directories = {}
        for skill in skills:
            root = skill["uri"].rsplit("/", 1)[0]
            listing = await raw(client, "resources/directory/read", {"uri": root})
            check(listing.get("resultType") == "complete", "resources/directory/read has no resultType complete")
            directories[root] = [entry["uri"] for entry in listing["resources"]]
            for entry in listing["resources"]:
                if entry.get("mimeType") == "inode/directory":
                    inner = await raw(client, "resources/directory/read", {"uri": entry["uri"]})
                    check(all(child["uri"].startswith(entry["uri"] + "/") for child in inner["resources"]),
                          f"{entry['uri']} lists another folder's files")
        report["directories"] = directories

        # Error codes.
        report["errors"] = {
            "unknown_method": await error_code(client, "no/such/method", {}),
            "unknown_resource": await error_code(client, "resources/read", {"uri": "skill://default/none/SKILL.md"}),
            "unknown_skill": await error_code(client, "skills/get", {"uri": "skill://default/none/SKILL.md"}),
            "unknown_tool": await error_code(client, "tools/call", {"name": "nope", "arguments": {}}),
            "bad_arguments": await error_code(client, "tools/call", {"name": "get_skill", "arguments": {"skill": 1}}),
            "not_a_directory": await error_code(client, "resources/directory/read", {"uri": skills[0]["uri"]}),
        }
        check(report["errors"]["unknown_method"] == -32601, "unknown method code")
        check(all(code == -32602 for key, code in report["errors"].items() if key != "unknown_method"), "-32602 codes")
        if mode == "legacy":
            await client.send_ping()  # ping is gone from 2026-07-28
    if report["transport"] == "http":
        report["hostile"] = hostile(target)
    return report


if __name__ == "__main__":
    try:
        if sys.argv[1].startswith(("http://", "https://")):
            arguments = (sys.argv[1], None, sys.argv[2])
        else:
            arguments = (sys.argv[1], sys.argv[2], sys.argv[3])
        print(json.dumps(asyncio.run(main(*arguments)), sort_keys=True))
    except BaseException as error:  # noqa: BLE001 - the reason goes to the test's output
        import traceback; traceback.print_exc()
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
