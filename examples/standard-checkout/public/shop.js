// The shop's own page code: what its pages show, and the handler's trip to the server.

/** Adds a line to the page's list of checkout events (payment.failed, dismissed). */
function showEvent(name, text) {
  const item = document.createElement('li');
  item.dataset.event = name;
  item.textContent = name + ': ' + text;
  document.getElementById('events').appendChild(item);
}

/** Sends the handler's fields to the server, which verifies the signature and captures. */
function verify(response) {
  const result = document.getElementById('result');
  result.textContent = 'Verifying…';
  fetch('/verify', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(response),
  })
    .then(function (answer) {
      return answer.json();
    })
    .then(function (body) {
      result.textContent = body.message;
    })
    .catch(function (error) {
      result.textContent = 'Verification failed: ' + error.message;
    });
}

// Called from the pages' inline scripts.
window.showEvent = showEvent;
window.verify = verify;
