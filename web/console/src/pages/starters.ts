// The bots a new bot can start from: the examples in examples/, each with the conversation tests `parley test` passes.
import appointment from '../../../../examples/appointment/bot.json';
import faq from '../../../../examples/faq/bot.json';
import frontDesk from '../../../../examples/front-desk/bot.json';
import leadCapture from '../../../../examples/lead-capture/bot.json';
import welcomeMenu from '../../../../examples/welcome-menu/bot.json';
import appointmentTests from '../../../../examples/appointment/tests.yaml';
import faqTests from '../../../../examples/faq/tests.yaml';
import frontDeskTests from '../../../../examples/front-desk/tests.yaml';
import leadCaptureTests from '../../../../examples/lead-capture/tests.yaml';
import welcomeMenuTests from '../../../../examples/welcome-menu/tests.yaml';

export interface Starter {
  id: string;
  title: string;
  definition: Record<string, unknown> & { name: string };
  /** Its conversation tests (examples/<id>/tests.yaml), offered in the Tests section. */
  tests: string;
}

/** The first is what "New bot" shows before anything is chosen: the README's first bot. Each is named "New bot" to begin. */
export const STARTERS: Starter[] = [
  { id: 'front-desk', title: 'Front desk: a greeting, a catch-all, the e-mail kept, handoff to a person', definition: frontDesk, tests: frontDeskTests },
  { id: 'faq', title: 'FAQ: questions answered, a catch-all, handoff to a person', definition: faq, tests: faqTests },
  { id: 'lead-capture', title: 'Lead capture: a form, checked fields, an e-mail to sales', definition: leadCapture, tests: leadCaptureTests },
  { id: 'appointment', title: 'Appointment booking: a date and time, confirmed, a reminder', definition: appointment, tests: appointmentTests },
  { id: 'welcome-menu', title: 'Welcome menu: quick replies, a carousel, handoff to people', definition: welcomeMenu, tests: welcomeMenuTests },
].map((s) => ({ ...s, definition: { ...s.definition, name: 'New bot' } }));
