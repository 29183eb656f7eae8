// The invitation page: shows what the invitation is for, accepts it with a name and a password through the API, and lands
// the new member signed in on the console.
'use strict';
(function () {
  const secret = decodeURIComponent(location.pathname.split('/').pop() || '');
  const about = document.getElementById('about');
  const form = document.getElementById('accept');
  const result = document.getElementById('result');
  const api = '/v1/invitations/' + encodeURIComponent(secret);

  fetch(api).then(async (res) => {
    const body = await res.json();
    if (!res.ok) { about.textContent = body.description || 'This invitation cannot be used.'; return; }
    about.textContent = 'You are invited as ' + body.role + ' with the e-mail ' + body.email + '.';
    form.hidden = false;
    document.getElementById('name').focus();
  }, () => { about.textContent = 'The server could not be reached.'; });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const password = form.elements.password.value;
    if (password !== form.elements.again.value) { result.textContent = 'The two passwords differ.'; return; }
    const name = form.elements.name.value.trim();
    const res = await fetch(api + '/accept', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password, signIn: true, ...(name === '' ? {} : { name }) }),
    });
    const body = await res.json();
    result.textContent = '';
    if (!res.ok) { result.textContent = body.description || 'The invitation could not be accepted.'; return; }
    form.hidden = true;
    about.textContent = 'Welcome: you are now a member (' + body.member.role + '). Opening the console…';
    // Signed in by the answer's cookies: straight into the console.
    location.assign('/console#/inbox');
  });
}());
