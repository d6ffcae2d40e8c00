"""The GitHub Pages workflow, read as YAML: it builds with `python3 build.py` and publishes dist/site/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    loaded = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(loaded, dict), f"{WORKFLOW} is not a YAML mapping"
    return loaded


def steps_using(job: dict[str, Any], action: str) -> list[dict[str, Any]]:
    """The job's steps that use `action` (owner/name), whatever its version."""
    return [step for step in job.get("steps", []) if str(step.get("uses", "")).split("@")[0] == action]


def the_step(workflow: dict[Any, Any], action: str) -> tuple[str, dict[str, Any]]:
    """The one step in the whole workflow that uses `action`, with its job's name."""
    found = [(name, step) for name, job in workflow["jobs"].items() for step in steps_using(job, action)]
    assert len(found) == 1, f"{action} should be used by exactly one step, found {len(found)}"
    return found[0]


def test_it_runs_on_a_push_to_main_and_by_hand(workflow: dict[Any, Any]) -> None:
    # YAML 1.1 reads a bare `on` as true: PyYAML gives the triggers under the key True.
    triggers = workflow.get("on", workflow.get(True))
    assert isinstance(triggers, dict), "the workflow has no `on:` triggers"
    assert triggers["push"]["branches"] == ["main"]
    assert "workflow_dispatch" in triggers


def test_its_token_may_deploy_to_pages_and_nothing_more(workflow: dict[Any, Any]) -> None:
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}


def test_deployments_queue_rather_than_cut_each_other_off(workflow: dict[Any, Any]) -> None:
    assert workflow["concurrency"]["group"] == "pages"
    assert workflow["concurrency"]["cancel-in-progress"] is False


def test_the_build_job_builds_with_build_py_and_uploads_dist_site(workflow: dict[Any, Any]) -> None:
    job_name, upload = the_step(workflow, "actions/upload-pages-artifact")
    job = workflow["jobs"][job_name]
    steps = job["steps"]
    names = [str(step.get("uses", "")).split("@")[0] for step in steps]
    runs = [i for i, step in enumerate(steps) if re.search(r"(^|\s)python3 build\.py\s*$", str(step.get("run", "")))]
    assert runs, "no step runs `python3 build.py`"
    assert names.index("actions/checkout") < runs[0] < steps.index(upload), "check out, build, then upload"
    assert names.index("actions/configure-pages") < steps.index(upload)
    assert upload["with"]["path"].rstrip("/") == "dist/site"


def test_the_build_has_python_3_11_or_newer_and_node(workflow: dict[Any, Any]) -> None:
    _, python = the_step(workflow, "actions/setup-python")
    major, minor = (int(part) for part in str(python["with"]["python-version"]).split(".")[:2])
    assert (major, minor) >= (3, 11), "build.py needs Python 3.11 (tomllib)"
    _, node = the_step(workflow, "actions/setup-node")
    assert int(str(node["with"]["node-version"]).split(".")[0]) >= 18, "Pyodide in Node needs Node.js 18 or newer"


def test_the_downloads_cache_is_keyed_on_build_py(workflow: dict[Any, Any]) -> None:
    # build.py holds every pin: a cache under another key could hold downloads of other pins.
    _, cache = the_step(workflow, "actions/cache")
    assert cache["with"]["path"] == ".cache"
    assert "hashFiles('build.py')" in cache["with"]["key"]
    assert "restore-keys" not in cache["with"], "a partial key match would restore another build.py's downloads"


def test_deploy_pages_runs_after_the_build_in_the_github_pages_environment(workflow: dict[Any, Any]) -> None:
    build_job, _ = the_step(workflow, "actions/upload-pages-artifact")
    deploy_job, deploy = the_step(workflow, "actions/deploy-pages")
    job = workflow["jobs"][deploy_job]
    needs = job.get("needs", [])
    assert build_job in ([needs] if isinstance(needs, str) else needs), "deploy must wait for the build"
    assert job["environment"]["name"] == "github-pages"
    assert job["environment"]["url"] == f"${{{{ steps.{deploy['id']}.outputs.page_url }}}}"


def test_every_action_is_pinned_to_a_major_version(workflow: dict[Any, Any]) -> None:
    wanted = {"actions/checkout": "v4", "actions/configure-pages": "v5", "actions/upload-pages-artifact": "v3",
              "actions/deploy-pages": "v4", "actions/setup-python": "v5", "actions/setup-node": "v4",
              "actions/cache": "v4"}
    used = {str(step["uses"]).split("@")[0]: str(step["uses"]).split("@")[1]
            for job in workflow["jobs"].values() for step in job["steps"] if "uses" in step}
    assert used == wanted
