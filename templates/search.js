(function () {
  "use strict";
  var nav = document.querySelector("nav.site");
  var input = document.getElementById("site-search");
  var list = document.getElementById("site-results");
  var index = window.bridgereportSearch;
  if (!nav || !input || !list || !index) {
    return;
  }
  var root = nav.getAttribute("data-root") || "";
  function words(s) {
    return s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
      .split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w !== ""; });
  }
  var pages = index.pages.map(function (p) {
    return { page: p, words: words(p.title + " " + p.text) };
  });
  // snippet is the text around the first place a word occurs.
  function snippet(text, word) {
    var at = text.toLowerCase().indexOf(word);
    if (at < 0) {
      return "";
    }
    var from = Math.max(0, at - 40);
    var to = Math.min(text.length, at + word.length + 60);
    return (from > 0 ? "…" : "") + text.slice(from, to).trim() + (to < text.length ? "…" : "");
  }
  function item(text, href, note) {
    var li = document.createElement("li");
    if (href) {
      var a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      li.appendChild(a);
    } else {
      li.textContent = text;
    }
    if (note) {
      var small = document.createElement("small");
      small.textContent = note;
      li.appendChild(document.createElement("br"));
      li.appendChild(small);
    }
    list.appendChild(li);
  }
  // search lists the pages that hold every word of the query (as the start
  // of a word), those with the most matches first.
  function search(query) {
    list.textContent = "";
    var qs = words(query);
    if (qs.length === 0) {
      return;
    }
    var hits = [];
    pages.forEach(function (pg, order) {
      var score = 0;
      for (var k = 0; k < qs.length; k++) {
        var n = 0;
        for (var j = 0; j < pg.words.length; j++) {
          if (pg.words[j].lastIndexOf(qs[k], 0) === 0) {
            n++;
          }
        }
        if (n === 0) {
          return;
        }
        score += n;
      }
      hits.push({ pg: pg, score: score, order: order });
    });
    hits.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
    if (hits.length === 0) {
      item("No study holds every word.");
      return;
    }
    hits.forEach(function (h) {
      item(h.pg.page.title, root + h.pg.page.link, snippet(h.pg.page.text, qs[0]));
    });
  }
  input.addEventListener("input", function () { search(input.value); });
  input.addEventListener("keydown", function (e) {
    var first = list.querySelector("a");
    if (e.key === "Enter" && first) {
      window.location.href = first.href;
    }
  });
  // A link to a page with #search=words opens it with the search done.
  var m = /^#search=(.*)$/.exec(window.location.hash);
  if (m) {
    input.value = decodeURIComponent(m[1].replace(/\+/g, " "));
    search(input.value);
  }
})();
