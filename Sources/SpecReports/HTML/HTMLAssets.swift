import Foundation

/// The inline style sheet and script of the HTML report, and their Content Security Policy hashes.
enum HTMLAssets {
    static let css = """
        :root {
          --bg: #f5f6f8; --surface: #ffffff; --surface-2: #f0f2f5; --border: #dfe3e8; --text: #1c2430;
          --muted: #5b6573; --accent: #2456c8; --focus: #2456c8;
          --passed: #1b7a3a; --passed-bg: #e6f4ea; --failed: #c0262d; --failed-bg: #fdeaea;
          --ambiguous: #a3206b; --ambiguous-bg: #fbe8f2; --undefined: #9a4a00; --undefined-bg: #fff1e0;
          --pending: #806000; --pending-bg: #fdf5d8; --skipped: #3f6070; --skipped-bg: #e7eff3;
          --unknown: #5f6874; --unknown-bg: #eceef1;
          --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
          --radius: 10px;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #14181f; --surface: #1c222b; --surface-2: #232a35; --border: #323b48; --text: #e6e9ee;
            --muted: #a2acb9; --accent: #8ab4ff; --focus: #8ab4ff;
            --passed: #5fd48a; --passed-bg: #183524; --failed: #ff8a8f; --failed-bg: #3d1c1f;
            --ambiguous: #f48fc6; --ambiguous-bg: #3a1a2e; --undefined: #ffb86b; --undefined-bg: #3a2814;
            --pending: #f0d060; --pending-bg: #36300f; --skipped: #9cc3d5; --skipped-bg: #1d2e36;
            --unknown: #b3bcc7; --unknown-bg: #2a313b;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--text); line-height: 1.5;
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        .wrap { max-width: 1120px; margin: 0 auto; padding: 0 20px; }
        a { color: var(--accent); }
        :focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
        code, pre, .mono { font-family: var(--mono); font-size: 13px; }
        .top { background: var(--surface); border-bottom: 1px solid var(--border); }
        .top .wrap { display: flex; align-items: center; justify-content: space-between; gap: 16px;
          padding-top: 18px; padding-bottom: 18px; flex-wrap: wrap; }
        .top h1 { font-size: 22px; margin: 0; letter-spacing: -0.01em; }
        .run-meta { margin: 2px 0 0; color: var(--muted); font-size: 13px; }
        .run-meta span + span::before { content: "·"; margin: 0 7px; color: var(--border); }
        .verdict { font-weight: 650; font-size: 14px; padding: 7px 14px; border-radius: 999px; white-space: nowrap; }
        .verdict-passed { background: var(--passed-bg); color: var(--passed); }
        .verdict-failed { background: var(--failed-bg); color: var(--failed); }
        .verdict-interrupted { background: var(--pending-bg); color: var(--pending); }
        main.wrap { padding-top: 20px; padding-bottom: 40px; }
        .banner { border-radius: var(--radius); padding: 12px 16px; margin-bottom: 16px; border: 1px solid; }
        .banner-interrupted { background: var(--pending-bg); color: var(--pending); border-color: currentColor; }
        .banner-error { background: var(--failed-bg); color: var(--failed); border-color: currentColor; }
        .banner pre { white-space: pre-wrap; margin: 8px 0 0; color: var(--text); }
        .totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 14px;
          margin-bottom: 18px; }
        .card { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
          padding: 14px 16px; }
        .card h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted);
          margin: 0 0 4px; font-weight: 600; }
        .env dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 0;
          font-size: 13px; }
        .env dt { color: var(--muted); }
        .env dd { margin: 0; overflow-wrap: anywhere; }
        .big { font-size: 30px; font-weight: 700; line-height: 1.15; }
        .big small { font-size: 14px; font-weight: 500; color: var(--muted); margin-left: 6px; }
        svg.bar { display: block; width: 100%; height: 8px; border-radius: 99px; overflow: hidden;
          background: var(--surface-2); margin: 10px 0 8px; }
        svg.bar rect { fill: var(--c); }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 13px; color: var(--muted); }
        .legend b { font-weight: 650; }
        .toolbar { position: sticky; top: 0; z-index: 5; background: var(--bg); padding: 10px 0 12px;
          border-bottom: 1px solid var(--border); margin-bottom: 18px; }
        .toolbar .row { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; }
        .toolbar .row + .row { margin-top: 8px; }
        .search { flex: 1 1 260px; min-width: 0; font: inherit; padding: 8px 12px; border-radius: 8px;
          border: 1px solid var(--border); background: var(--surface); color: var(--text); }
        .chip { font: inherit; font-size: 13px; display: inline-flex; align-items: center; gap: 6px; cursor: pointer;
          border: 1px solid var(--border); background: var(--surface); color: var(--text); border-radius: 999px;
          padding: 4px 11px; }
        .chip[aria-pressed="true"] { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent);
          background: var(--surface-2); }
        .chip .dot { width: 9px; height: 9px; border-radius: 50%; }
        .chip.tag { font-family: var(--mono); font-size: 12px; }
        .label { color: var(--muted); font-size: 13px; margin-right: 2px; }
        .shown { color: var(--muted); font-size: 13px; margin-left: auto; }
        .link-button { font: inherit; font-size: 13px; background: none; border: 0; color: var(--accent);
          cursor: pointer; padding: 2px 4px; }
        .feature { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
          margin-bottom: 18px; overflow: hidden; }
        .feature-head { padding: 16px 18px 10px; border-bottom: 1px solid var(--border); }
        .feature-head h2 { font-size: 19px; margin: 2px 0; }
        .kw { color: var(--muted); font-weight: 600; }
        .uri { font-family: var(--mono); font-size: 12px; color: var(--muted); margin: 0; word-break: break-all; }
        .counts { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
        .pill { font-size: 12px; font-weight: 600; border-radius: 999px; padding: 1px 9px; }
        .description { white-space: pre-wrap; color: var(--muted); margin: 8px 0 0; font-size: 14px; }
        .prose { margin: 10px 0; font-size: 14px; line-height: 1.5; max-width: 80ch; }
        .prose p { white-space: pre-wrap; margin: 6px 0; }
        .prose .prose-heading { font-weight: 600; }
        .feature-body { padding: 6px 18px 16px; }
        .rule { border-left: 3px solid var(--border); padding-left: 14px; margin: 14px 0; }
        .rule > h3 { font-size: 16px; margin: 6px 0 2px; }
        .background { background: var(--surface-2); border-radius: 8px; padding: 8px 12px; margin: 12px 0; }
        .background h3, .background h4 { font-size: 14px; margin: 0 0 4px; }
        .background ol { list-style: none; padding: 0; margin: 0; font-size: 14px; }
        .tags { display: flex; flex-wrap: wrap; gap: 4px; }
        .tag-name { font-family: var(--mono); font-size: 12px; color: var(--accent); }
        a.tag-link { text-decoration: underline dotted; }
        .history { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; margin: 0 0 10px;
          font-size: 12.5px; color: var(--muted); }
        .history .strip { display: inline-flex; gap: 2px; }
        .history .mark { width: 8px; height: 16px; border-radius: 2px; background: var(--unknown-bg);
          border: 1px solid var(--border); }
        .mark.hs-passed { background: var(--passed); border-color: var(--passed); }
        .mark.hs-failed { background: var(--failed); border-color: var(--failed); }
        .mark.hs-flaky { background: var(--pending); border-color: var(--pending); }
        .mark.hs-undefined, .mark.hs-ambiguous, .mark.hs-pending { background: var(--undefined);
          border-color: var(--undefined); }
        .mark.hs-skipped { background: var(--skipped-bg); }
        .changes { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
          padding: 12px 16px; margin-bottom: 18px; }
        .changes h2 { font-size: 16px; margin: 0 0 8px; }
        .changes ul { margin: 0; padding-left: 20px; }
        .changes .hs-passed { color: var(--passed); } .changes .hs-failed { color: var(--failed); }
        .changes .hs-flaky { color: var(--pending); }
        .trends { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
          padding: 12px 16px; margin-bottom: 18px; overflow-x: auto; }
        .trends h2 { font-size: 16px; margin: 0 0 8px; } .trends h3 { font-size: 14px; margin: 12px 0 6px; }
        .trends h4 { font-size: 13px; margin: 10px 0 4px; }
        .trend-chart { display: block; max-width: 100%; height: auto; margin: 4px 0; }
        .trend-chart a:focus rect { stroke: var(--focus); stroke-width: 2px; }
        .t-passed { fill: var(--passed); background: var(--passed); } .t-failed { fill: var(--failed); background: var(--failed); }
        .t-flaky { fill: var(--pending); background: var(--pending); } .t-other { fill: var(--undefined); background: var(--undefined); }
        .t-duration { fill: var(--accent); }
        .trends .legend { font-size: 12.5px; color: var(--muted); margin: 4px 0 8px; }
        .trends .chart-caption { font-size: 12.5px; color: var(--muted); margin: 8px 0 2px; }
        .trends .legend .key { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin: 0 4px 0 8px; }
        .stability table { border-collapse: collapse; font-size: 13px; }
        .stability td, .stability th { padding: 3px 10px 3px 0; text-align: left; vertical-align: top; }
        .run-changes ul { margin: 0; padding-left: 20px; }
        .timeline { background: var(--surface); border: 1px solid var(--border); border-radius: var(--radius);
          padding: 12px 16px; margin-bottom: 18px; overflow-x: auto; }
        .timeline h2 { font-size: 16px; margin: 0 0 8px; }
        .timeline-chart { display: block; } /* at its own size: a narrow screen scrolls it, the labels stay legible */
        .timeline-chart .lane { fill: var(--muted); font-size: 12px; }
        .timeline-chart a:focus rect { stroke: var(--focus); stroke-width: 2px; }
        .run-changes .hs-passed { color: var(--passed); } .run-changes .hs-failed { color: var(--failed); }
        .run-changes .hs-flaky { color: var(--pending); }
        details.scenario { border: 1px solid var(--border); border-radius: 8px; margin: 10px 0;
          background: var(--surface); }
        details.scenario > summary { list-style: none; cursor: pointer; display: flex; gap: 10px;
          align-items: flex-start; padding: 10px 12px; }
        details.scenario > summary::-webkit-details-marker { display: none; }
        details.scenario[open] > summary { border-bottom: 1px solid var(--border); }
        .scenario-title { flex: 1; min-width: 0; }
        .scenario-title .name { font-weight: 600; }
        .scenario-sub { display: flex; flex-wrap: wrap; gap: 4px 12px; font-size: 12.5px; color: var(--muted);
          margin-top: 2px; }
        .scenario-side { font-size: 12.5px; color: var(--muted); white-space: nowrap; text-align: right; }
        .chevron { color: var(--muted); transition: transform .15s; font-size: 12px; margin-top: 4px; }
        details[open] > summary .chevron { transform: rotate(90deg); }
        .scenario-body { padding: 8px 12px 12px; }
        .icon { flex: none; display: inline-grid; place-items: center; width: 20px; height: 20px; border-radius: 50%;
          color: #fff; font-size: 12px; font-weight: 700; line-height: 1; margin-top: 1px; }
        .s-passed { --c: var(--passed); --c-bg: var(--passed-bg); }
        .s-failed { --c: var(--failed); --c-bg: var(--failed-bg); }
        .s-ambiguous { --c: var(--ambiguous); --c-bg: var(--ambiguous-bg); }
        .s-undefined { --c: var(--undefined); --c-bg: var(--undefined-bg); }
        .s-pending { --c: var(--pending); --c-bg: var(--pending-bg); }
        .s-skipped { --c: var(--skipped); --c-bg: var(--skipped-bg); }
        .s-unknown { --c: var(--unknown); --c-bg: var(--unknown-bg); }
        .icon, .dot { background: var(--c); }
        @media (prefers-color-scheme: dark) { .icon { color: #111; } }
        .pill { background: var(--c-bg); color: var(--c); }
        details.scenario.s-failed, details.scenario.s-ambiguous { border-left: 4px solid var(--c); }
        details.scenario.s-undefined, details.scenario.s-pending { border-left: 4px solid var(--c); }
        ol.steps { list-style: none; margin: 0; padding: 0; }
        ol.steps > li { display: flex; gap: 10px; padding: 5px 0; align-items: flex-start; }
        ol.steps > li + li { border-top: 1px dashed var(--border); }
        .step-main { flex: 1; min-width: 0; }
        .step-line { display: flex; gap: 12px; justify-content: space-between; flex-wrap: wrap; }
        .step-text { overflow-wrap: anywhere; }
        .step-meta { font-size: 12px; color: var(--muted); white-space: nowrap; }
        .from-background .step-text { color: var(--muted); }
        .origin { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted);
          border: 1px solid var(--border); border-radius: 4px; padding: 0 4px; margin-right: 6px; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table.data { border-collapse: collapse; margin: 6px 0; font-size: 13px; }
        table.data td, table.data th { border: 1px solid var(--border); padding: 3px 9px; text-align: left;
          vertical-align: top; }
        table.data th { background: var(--surface-2); font-weight: 600; }
        table.data tr.current td { background: var(--c-bg); }
        pre.doc, pre.text { background: var(--surface-2); border-radius: 6px; padding: 8px 10px; margin: 6px 0;
          white-space: pre-wrap; overflow-wrap: anywhere; max-height: 420px; overflow: auto; }
        .error { margin: 6px 0 2px; border-radius: 6px; background: var(--c-bg); border: 1px solid var(--c);
          padding: 8px 10px; }
        .error pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; color: var(--text); }
        .error .where { margin: 6px 0 0; font-size: 12.5px; color: var(--muted); }
        .error .where code { color: var(--text); }
        .attachments { display: grid; gap: 8px; margin: 6px 0; }
        .attachments figure { margin: 0; }
        .attachments img, .attachments video { max-width: 100%; max-height: 420px; border-radius: 6px;
          border: 1px solid var(--border); background: #fff; }
        .attachments figcaption { font-size: 12px; color: var(--muted); }
        .not-run { color: var(--muted); font-style: italic; margin: 4px 0; }
        .catalog { margin-top: 28px; }
        .catalog > h2 { font-size: 19px; margin: 0 0 4px; }
        .catalog p.sub { color: var(--muted); margin: 0 0 12px; font-size: 14px; }
        table.catalog-table { width: 100%; border-collapse: collapse; background: var(--surface);
          border: 1px solid var(--border); border-radius: var(--radius); overflow: hidden; font-size: 14px; }
        .catalog-table th, .catalog-table td { text-align: left; padding: 8px 12px; border-bottom: 1px solid var(--border);
          vertical-align: top; }
        .catalog-table th { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted);
          background: var(--surface-2); }
        .catalog-table td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .catalog-table tr.unused td { color: var(--muted); }
        .badge { font-size: 11px; font-weight: 700; text-transform: uppercase; letter-spacing: .04em;
          border-radius: 4px; padding: 1px 6px; margin-left: 6px; background: var(--undefined-bg);
          color: var(--undefined); }
        .badge-flaky { background: var(--pending-bg); color: var(--pending); }
        .legend .flaky { color: var(--muted); }
        a.verdict { text-decoration: none; }
        .failures { background: var(--surface); border: 1px solid var(--failed); border-left-width: 4px;
          border-radius: var(--radius); padding: 12px 16px; margin-bottom: 18px; }
        .failures h2 { font-size: 16px; margin: 0 0 8px; color: var(--failed); }
        .failures ol { list-style: none; margin: 0; padding: 0; }
        .failures .categories { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 4px; }
        .failures a.chip { text-decoration: none; color: inherit; }
        .failures h3.category { font-size: 14px; margin: 12px 0 2px; }
        .category-label { font-weight: 600; }
        .run-env { color: var(--muted); font-size: 13px; margin: 0 0 4px; overflow-wrap: anywhere; }
        .failures li { display: flex; gap: 10px; padding: 6px 0; align-items: flex-start; }
        .failures li + li { border-top: 1px dashed var(--border); }
        .failures a { font-weight: 600; }
        .failure-step { font-size: 14px; overflow-wrap: anywhere; }
        .failure-step .mono { color: var(--muted); font-size: 12px; margin-left: 6px; }
        .failure-message { font-size: 13px; color: var(--c); overflow-wrap: anywhere; white-space: pre-wrap; }
        .feature-nav ul { list-style: none; margin: 0 0 18px; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 16px;
          font-size: 14px; }
        .feature-nav li { display: inline-flex; align-items: center; gap: 5px; }
        .outline { border-left: 3px solid var(--border); padding-left: 12px; margin: 14px 0; }
        .outline > h3 { font-size: 15px; margin: 4px 0 2px; }
        ol.template { list-style: none; margin: 4px 0 8px; padding: 0; font-size: 14px; color: var(--muted); }
        table.examples caption { text-align: left; font-size: 13px; padding: 2px 0; }
        table.examples td:first-child { width: 28px; text-align: center; }
        table.examples td:first-child a { text-decoration: none; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
        footer { color: var(--muted); font-size: 12.5px; padding: 18px 0 30px; border-top: 1px solid var(--border); }
        [hidden] { display: none !important; }
        @media (max-width: 640px) {
          body { font-size: 14px; }
          .wrap { padding: 0 12px; }
          .top h1 { font-size: 19px; }
          .big { font-size: 26px; }
          details.scenario > summary { flex-wrap: wrap; }
          .scenario-side { width: 100%; text-align: left; padding-left: 30px; }
          .step-meta { white-space: normal; }
          .catalog-table .loc { word-break: break-all; }
          .shown { margin-left: 0; width: 100%; }
        }
        @media print {
          .toolbar { display: none; }
          details.scenario > summary .chevron { display: none; }
          body { background: #fff; }
        }
        """

    static let script = """
        (function () {
          "use strict";
          var scenarios = Array.prototype.slice.call(document.querySelectorAll("details.scenario"));
          var texts = scenarios.map(function (s) { return s.textContent.toLowerCase(); });
          var containers = Array.prototype.slice.call(document.querySelectorAll(".feature, .rule"));
          var statuses = {}, tags = {}, query = "";
          var shown = document.getElementById("shown");
          var search = document.getElementById("search");
          function count(set) { return Object.keys(set).length; }
          function apply() {
            var visible = 0;
            scenarios.forEach(function (scenario, index) {
              var okStatus = count(statuses) === 0 || statuses[scenario.getAttribute("data-status")];
              var own = (scenario.getAttribute("data-tags") || "").split(" ");
              var okTags = count(tags) === 0 || own.some(function (tag) { return tags[tag]; });
              var okText = query === "" || texts[index].indexOf(query) !== -1;
              var ok = !!(okStatus && okTags && okText);
              scenario.hidden = !ok;
              if (ok) { visible += 1; }
            });
            var filtering = count(statuses) > 0 || count(tags) > 0 || query !== "";
            containers.forEach(function (container) {
              var any = container.querySelector("details.scenario:not([hidden])");
              container.hidden = filtering && !any;
            });
            if (shown) { shown.textContent = "Showing " + visible + " of " + scenarios.length + " scenarios"; }
          }
          function toggle(button, set, key) {
            var pressed = button.getAttribute("aria-pressed") === "true";
            button.setAttribute("aria-pressed", pressed ? "false" : "true");
            if (pressed) { delete set[key]; } else { set[key] = true; }
            apply();
            save();
          }
          Array.prototype.forEach.call(document.querySelectorAll("[data-filter-status]"), function (button) {
            button.addEventListener("click", function () {
              toggle(button, statuses, button.getAttribute("data-filter-status"));
            });
          });
          Array.prototype.forEach.call(document.querySelectorAll("[data-filter-tag]"), function (button) {
            button.addEventListener("click", function () { toggle(button, tags, button.getAttribute("data-filter-tag")); });
          });
          // The filters live in the URL (#status=failed,undefined&tag=@cache&q=text), so a filtered view can be
          // shared; a plain #id opens the scenario it names.
          function save() {
            var parts = [];
            if (count(statuses)) { parts.push("status=" + Object.keys(statuses).map(encodeURIComponent).join(",")); }
            if (count(tags)) { parts.push("tag=" + Object.keys(tags).map(encodeURIComponent).join(",")); }
            if (query !== "") { parts.push("q=" + encodeURIComponent(query)); }
            var hash = parts.length ? "#" + parts.join("&") : "";
            if (hash !== location.hash && window.history && history.replaceState) {
              history.replaceState(null, "", hash || location.pathname + location.search);
            }
          }
          function restore() {
            var hash = location.hash.slice(1);
            if (hash.indexOf("=") === -1) {
              var target = hash ? document.getElementById(decodeURIComponent(hash)) : null;
              if (target && target.tagName === "DETAILS") { target.open = true; }
              return;
            }
            statuses = {}; tags = {}; query = "";
            hash.split("&").forEach(function (part) {
              var pair = part.split("="), key = pair[0], value = pair.slice(1).join("=");
              var values = value.split(",").map(decodeURIComponent).filter(function (v) { return v !== ""; });
              if (key === "status") { values.forEach(function (v) { statuses[v] = true; }); }
              if (key === "tag") { values.forEach(function (v) { tags[v] = true; }); }
              if (key === "q") { query = decodeURIComponent(value).toLowerCase(); }
            });
            Array.prototype.forEach.call(document.querySelectorAll("[data-filter-status]"), function (button) {
              button.setAttribute("aria-pressed", statuses[button.getAttribute("data-filter-status")] ? "true" : "false");
            });
            Array.prototype.forEach.call(document.querySelectorAll("[data-filter-tag]"), function (button) {
              button.setAttribute("aria-pressed", tags[button.getAttribute("data-filter-tag")] ? "true" : "false");
            });
            if (search) { search.value = query; }
            apply();
          }
          var timer = null;
          if (search) {
            search.addEventListener("input", function () {
              clearTimeout(timer);
              timer = setTimeout(function () { query = search.value.trim().toLowerCase(); apply(); save(); }, 120);
            });
          }
          window.addEventListener("hashchange", restore);
          function setOpen(open) {
            scenarios.forEach(function (scenario) { if (!scenario.hidden) { scenario.open = open; } });
          }
          var expand = document.getElementById("expand-all");
          var collapse = document.getElementById("collapse-all");
          if (expand) { expand.addEventListener("click", function () { setOpen(true); }); }
          if (collapse) { collapse.addEventListener("click", function () { setOpen(false); }); }
          apply();
          restore();
        })();
        """

    /// The `'sha256-…'` source of `text` for a Content Security Policy.
    static func hashSource(_ text: String) -> String {
        "'sha256-" + Data(SHA256.digest(Array(text.utf8))).base64EncodedString() + "'"
    }

    /// The report's Content Security Policy: nothing may load from the network; only the report's own style and
    /// script run; images and media come from data URIs only.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src data:; media-src data:; style-src \(hashSource(css)); "
        + "script-src \(hashSource(script)); base-uri 'none'; form-action 'none'"
}
