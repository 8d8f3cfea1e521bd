"""The framework every page uses: state, settings, strings, the page's opening
call, data, models, the threshold, charts, links, the tour (see ``ui``)."""
