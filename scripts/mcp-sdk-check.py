"""End-to-end check of `skillctl mcp` with the official MCP Python SDK as the client.

Usage: python mcp-sdk-check.py SKILLCTL DATABASE MODE
MODE is 'auto' (the SDK probes server/discover and speaks 2026-07-28) or
'legacy' (the initialize handshake). Prints one JSON report on standard
output; exits non-zero with the reason on standard error when a check fails.
"""

import asyncio
import warnings
import base64
import hashlib
import json
import sys
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


async def main(skillctl: str, database: str, mode: str) -> dict[str, Any]:
    report: dict[str, Any] = {}
    server = StdioServerParameters(command=skillctl, args=["--db", database, "mcp"])
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
        }
        results = {}
        for tool, arguments in calls.items():
            result = await client.call_tool(tool, arguments)
            check(not result.is_error, f"{tool} failed: {result.content}")
            check(result.structured_content is not None, f"{tool} has no structured content")
            results[tool] = result.structured_content
        check(any(group["uri"] for group in results["search_skills"]["skills"]), "search found nothing")
        check(results["get_skill"]["uri"] == skills[0]["uri"], "get_skill uri")
        missing = await client.call_tool("get_skill", {"skill": "no-such-skill"})
        check(missing.is_error, "a missing skill is no tool error")
        report["tool_results"] = {tool: sorted(value.keys()) for tool, value in results.items()}

        # Error codes.
        report["errors"] = {
            "unknown_method": await error_code(client, "no/such/method", {}),
            "unknown_resource": await error_code(client, "resources/read", {"uri": "skill://default/none/SKILL.md"}),
            "unknown_skill": await error_code(client, "skills/get", {"uri": "skill://default/none/SKILL.md"}),
            "unknown_tool": await error_code(client, "tools/call", {"name": "nope", "arguments": {}}),
            "bad_arguments": await error_code(client, "tools/call", {"name": "get_skill", "arguments": {"skill": 1}}),
        }
        check(report["errors"]["unknown_method"] == -32601, "unknown method code")
        check(all(code == -32602 for key, code in report["errors"].items() if key != "unknown_method"), "-32602 codes")
        if mode == "legacy":
            await client.send_ping()  # ping is gone from 2026-07-28
    return report


if __name__ == "__main__":
    try:
        print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3])), sort_keys=True))
    except BaseException as error:  # noqa: BLE001 - the reason goes to the test's output
        import traceback; traceback.print_exc()
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
