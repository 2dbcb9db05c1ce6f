// Static catalogues of the fake fleet: reference data and the name, city and street lists the generator
// draws from. Plain data, no logic.

export const DEVICE_TYPES = [
  { id: 1, name: 'Watch', short: 'W', firmware: ['W1.3.8', 'W1.4.2', 'W1.5.0'] },
  { id: 2, name: 'Partner A Watch', short: 'PA', firmware: ['PA2.0.1', 'PA2.1.0'] },
  { id: 3, name: 'Partner B Band', short: 'PB', firmware: ['PB0.9.7', 'PB1.0.3', 'PB1.1.0'] },
] as const;

/** white labels: type 1 sells under TrackCo and TrackCo Kids, type 2 under Partner A, type 3 under Partner B */
export const WHITE_LABELS = [
  { id: 1, name: 'TrackCo', deviceType: 1 },
  { id: 2, name: 'TrackCo Kids', deviceType: 1 },
  { id: 3, name: 'Partner A Mobile', deviceType: 2 },
  { id: 4, name: 'Partner B Telecom', deviceType: 3 },
] as const;

/** id 1 must exist: factory devices default to deployment 1 (§9) */
export const DEPLOYMENTS = [
  { id: 1, white_label_id: 1, name: 'TrackCo EU production' },
  { id: 2, white_label_id: 1, name: 'TrackCo US production' },
  { id: 3, white_label_id: 2, name: 'TrackCo Kids EU' },
  { id: 4, white_label_id: 3, name: 'Partner A production' },
  { id: 5, white_label_id: 4, name: 'Partner B production' },
] as const;

export type CountryCode = 'DE' | 'ES' | 'US' | 'BR';

/** `start` is MCC (3 digits) + MNC (2 digits); id 4 is the US carrier with the 13-task modem profile */
export const OPERATORS = [
  { id: 1, name: 'Telekom Deutschland', start: '26201', region: 'EU', country: 'DE', device_types: [1, 2, 3] },
  { id: 2, name: 'Vodafone DE', start: '26202', region: 'EU', country: 'DE', device_types: [1, 2] },
  { id: 3, name: 'Movistar', start: '21407', region: 'EU', country: 'ES', device_types: [1, 3] },
  { id: 4, name: 'AT&T Mobility', start: '31041', region: 'US', country: 'US', device_types: [1, 2, 3] },
  { id: 5, name: 'Vivo', start: '72406', region: 'SA', country: 'BR', device_types: [1] },
] as const;

/** how a device type's fleet spreads over the operators above (relative weights, by operator index) */
export const OPERATOR_WEIGHTS: Record<number, number[]> = {
  1: [30, 15, 20, 25, 10],
  2: [40, 30, 0, 30, 0],
  3: [30, 0, 40, 30, 0],
};

export const LANGUAGES = [
  { language_code: 'en', name: 'English' },
  { language_code: 'de', name: 'Deutsch' },
  { language_code: 'es', name: 'Español' },
] as const;

export const COUNTRIES: [string, string, string][] = [
  ['AR', 'Argentina', '+54'], ['AT', 'Austria', '+43'], ['AU', 'Australia', '+61'], ['BE', 'Belgium', '+32'],
  ['BR', 'Brazil', '+55'], ['CA', 'Canada', '+1'], ['CH', 'Switzerland', '+41'], ['CL', 'Chile', '+56'],
  ['CN', 'China', '+86'], ['CO', 'Colombia', '+57'], ['CZ', 'Czechia', '+420'], ['DE', 'Germany', '+49'],
  ['DK', 'Denmark', '+45'], ['EC', 'Ecuador', '+593'], ['ES', 'Spain', '+34'], ['FI', 'Finland', '+358'],
  ['FR', 'France', '+33'], ['GB', 'United Kingdom', '+44'], ['GR', 'Greece', '+30'], ['HR', 'Croatia', '+385'],
  ['HU', 'Hungary', '+36'], ['IE', 'Ireland', '+353'], ['IL', 'Israel', '+972'], ['IN', 'India', '+91'],
  ['IT', 'Italy', '+39'], ['JP', 'Japan', '+81'], ['LU', 'Luxembourg', '+352'], ['MX', 'Mexico', '+52'],
  ['NL', 'Netherlands', '+31'], ['NO', 'Norway', '+47'], ['NZ', 'New Zealand', '+64'], ['PE', 'Peru', '+51'],
  ['PL', 'Poland', '+48'], ['PT', 'Portugal', '+351'], ['RO', 'Romania', '+40'], ['SE', 'Sweden', '+46'],
  ['SI', 'Slovenia', '+386'], ['SK', 'Slovakia', '+421'], ['TR', 'Türkiye', '+90'], ['UA', 'Ukraine', '+380'],
  ['US', 'United States', '+1'], ['UY', 'Uruguay', '+598'], ['VE', 'Venezuela', '+58'], ['ZA', 'South Africa', '+27'],
];

/** [region, IANA zone, abbreviation, offset] */
export const TIME_ZONES: [string, string, string, string][] = [
  ['UTC', 'UTC', 'UTC', '+0:00'],
  ['Europe', 'Europe/London', 'GMT', '+0:00'], ['Europe', 'Europe/Dublin', 'GMT', '+0:00'],
  ['Europe', 'Europe/Lisbon', 'WET', '+0:00'], ['Atlantic', 'Atlantic/Canary', 'WET', '+0:00'],
  ['Atlantic', 'Atlantic/Reykjavik', 'GMT', '+0:00'], ['Atlantic', 'Atlantic/Azores', 'AZOT', '-1:00'],
  ['Atlantic', 'Atlantic/Cape_Verde', 'CVT', '-1:00'], ['Atlantic', 'Atlantic/South_Georgia', 'GST', '-2:00'],
  ['Europe', 'Europe/Berlin', 'CET', '+1:00'], ['Europe', 'Europe/Madrid', 'CET', '+1:00'],
  ['Europe', 'Europe/Paris', 'CET', '+1:00'], ['Europe', 'Europe/Rome', 'CET', '+1:00'],
  ['Europe', 'Europe/Vienna', 'CET', '+1:00'], ['Europe', 'Europe/Zurich', 'CET', '+1:00'],
  ['Europe', 'Europe/Amsterdam', 'CET', '+1:00'], ['Europe', 'Europe/Brussels', 'CET', '+1:00'],
  ['Europe', 'Europe/Warsaw', 'CET', '+1:00'], ['Europe', 'Europe/Prague', 'CET', '+1:00'],
  ['Europe', 'Europe/Stockholm', 'CET', '+1:00'], ['Europe', 'Europe/Oslo', 'CET', '+1:00'],
  ['Europe', 'Europe/Copenhagen', 'CET', '+1:00'], ['Europe', 'Europe/Budapest', 'CET', '+1:00'],
  ['Europe', 'Europe/Helsinki', 'EET', '+2:00'], ['Europe', 'Europe/Athens', 'EET', '+2:00'],
  ['Europe', 'Europe/Bucharest', 'EET', '+2:00'], ['Europe', 'Europe/Kyiv', 'EET', '+2:00'],
  ['Europe', 'Europe/Istanbul', 'TRT', '+3:00'], ['Europe', 'Europe/Moscow', 'MSK', '+3:00'],
  ['Africa', 'Africa/Casablanca', 'WEST', '+1:00'], ['Africa', 'Africa/Lagos', 'WAT', '+1:00'],
  ['Africa', 'Africa/Cairo', 'EET', '+2:00'], ['Africa', 'Africa/Johannesburg', 'SAST', '+2:00'],
  ['Africa', 'Africa/Nairobi', 'EAT', '+3:00'],
  ['America', 'America/St_Johns', 'NST', '-3:30'], ['America', 'America/Halifax', 'AST', '-4:00'],
  ['America', 'America/New_York', 'EST', '-5:00'], ['America', 'America/Detroit', 'EST', '-5:00'],
  ['America', 'America/Chicago', 'CST', '-6:00'], ['America', 'America/Mexico_City', 'CST', '-6:00'],
  ['America', 'America/Denver', 'MST', '-7:00'], ['America', 'America/Phoenix', 'MST', '-7:00'],
  ['America', 'America/Los_Angeles', 'PST', '-8:00'], ['America', 'America/Anchorage', 'AKST', '-9:00'],
  ['America', 'America/Bogota', 'COT', '-5:00'], ['America', 'America/Lima', 'PET', '-5:00'],
  ['America', 'America/Caracas', 'VET', '-4:00'], ['America', 'America/Santiago', 'CLT', '-4:00'],
  ['America', 'America/Sao_Paulo', 'BRT', '-3:00'], ['America', 'America/Argentina/Buenos_Aires', 'ART', '-3:00'],
  ['America', 'America/Montevideo', 'UYT', '-3:00'], ['America', 'America/Noronha', 'FNT', '-2:00'],
  ['Pacific', 'Pacific/Honolulu', 'HST', '-10:00'], ['Pacific', 'Pacific/Pago_Pago', 'SST', '-11:00'],
  ['Pacific', 'Pacific/Auckland', 'NZST', '+12:00'], ['Pacific', 'Pacific/Chatham', 'CHAST', '+12:45'],
  ['Pacific', 'Pacific/Tongatapu', 'TOT', '+13:00'], ['Pacific', 'Pacific/Kiritimati', 'LINT', '+14:00'],
  ['Asia', 'Asia/Dubai', 'GST', '+4:00'], ['Asia', 'Asia/Tehran', 'IRST', '+3:30'],
  ['Asia', 'Asia/Karachi', 'PKT', '+5:00'], ['Asia', 'Asia/Kolkata', 'IST', '+5:30'],
  ['Asia', 'Asia/Kathmandu', 'NPT', '+5:45'], ['Asia', 'Asia/Dhaka', 'BST', '+6:00'],
  ['Asia', 'Asia/Bangkok', 'ICT', '+7:00'], ['Asia', 'Asia/Shanghai', 'CST', '+8:00'],
  ['Asia', 'Asia/Singapore', 'SGT', '+8:00'], ['Asia', 'Asia/Tokyo', 'JST', '+9:00'],
  ['Asia', 'Asia/Seoul', 'KST', '+9:00'], ['Australia', 'Australia/Perth', 'AWST', '+8:00'],
  ['Australia', 'Australia/Adelaide', 'ACST', '+9:30'], ['Australia', 'Australia/Sydney', 'AEST', '+10:00'],
  ['Etc', 'Etc/GMT+12', '-12', '-12:00'],
];

export function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d+):(\d\d)$/.exec(offset);
  if (!m) throw new Error(`bad offset ${offset}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

type Names = { female: string[]; male: string[]; last: string[]; kidsF: string[]; kidsM: string[] };

/** "Anna" and its variants appear in every list so name searches have hits in every market */
export const NAMES: Record<CountryCode, Names> = {
  DE: {
    female: ['Anna', 'Anne', 'Annika', 'Hannah', 'Johanna', 'Marianne', 'Susanne', 'Julia', 'Katharina', 'Sandra',
      'Nicole', 'Sabine', 'Laura', 'Lisa', 'Petra', 'Claudia', 'Stefanie', 'Melanie', 'Jana', 'Christina', 'Birgit',
      'Anja', 'Kerstin', 'Franziska', 'Sophie', 'Lena', 'Annette', 'Miriam', 'Carolin', 'Jessica'],
    male: ['Thomas', 'Michael', 'Andreas', 'Stefan', 'Christian', 'Markus', 'Daniel', 'Sebastian', 'Jürgen',
      'Alexander', 'Tobias', 'Matthias', 'Florian', 'Jan', 'Tim', 'Dennis', 'Patrick', 'Frank', 'Uwe', 'Sven',
      'Jens', 'Oliver', 'Johannes', 'Martin', 'Philipp', 'Björn', 'Felix', 'Lukas', 'Benjamin', 'Marco'],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann',
      'Koch', 'Richter', 'Klein', 'Wolf', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Hartmann', 'Krüger',
      'Schröder', 'Lange', 'Werner', 'Krause', 'Lehmann', 'Köhler', 'Hannemann', 'Johannsen', 'Annaberger',
      'Herrmann', 'König', 'Walter', 'Mayer', 'Huber', 'Kaiser', 'Fuchs', 'Peters', 'Lang', 'Scholz', 'Möller'],
    kidsF: ['Mia', 'Emma', 'Hanna', 'Lea', 'Anna-Lena', 'Emilia', 'Sofia', 'Marie', 'Lina', 'Ella', 'Clara', 'Leonie'],
    kidsM: ['Ben', 'Paul', 'Leon', 'Finn', 'Noah', 'Elias', 'Luca', 'Jonas', 'Felix', 'Henry', 'Emil', 'Maximilian'],
  },
  ES: {
    female: ['Ana', 'Anna', 'Mariana', 'Carmen', 'María', 'Lucía', 'Laura', 'Marta', 'Elena', 'Isabel', 'Sofía',
      'Cristina', 'Paula', 'Raquel', 'Beatriz', 'Pilar', 'Rocío', 'Silvia', 'Nuria', 'Alba', 'Irene', 'Andrea',
      'Susana', 'Rosa', 'Patricia'],
    male: ['Javier', 'Carlos', 'Miguel', 'Alejandro', 'Pablo', 'José', 'Antonio', 'Manuel', 'David', 'Daniel',
      'Francisco', 'Juan', 'Sergio', 'Jorge', 'Álvaro', 'Diego', 'Rubén', 'Raúl', 'Iván', 'Adrián', 'Óscar',
      'Fernando', 'Luis', 'Alberto', 'Ignacio'],
    last: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez',
      'Martín', 'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso',
      'Gutiérrez', 'Navarro', 'Torres', 'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco',
      'Núñez', 'Santana', 'Castillo'],
    kidsF: ['Lucía', 'Martina', 'Sofía', 'Alba', 'Julia', 'Paula', 'Valeria', 'Ana', 'Daniela', 'Carla', 'Vera'],
    kidsM: ['Hugo', 'Mateo', 'Martín', 'Lucas', 'Leo', 'Daniel', 'Pablo', 'Manuel', 'Álvaro', 'Adrián', 'Enzo'],
  },
  US: {
    female: ['Anna', 'Ann', 'Annie', 'Hannah', 'Jennifer', 'Jessica', 'Ashley', 'Emily', 'Sarah', 'Amanda',
      'Elizabeth', 'Megan', 'Lauren', 'Rachel', 'Stephanie', 'Nicole', 'Heather', 'Michelle', 'Kimberly', 'Amy',
      'Rebecca', 'Katherine', 'Brittany', 'Samantha', 'Danielle', 'Joanna', 'Rosanna'],
    male: ['James', 'John', 'Robert', 'Michael', 'William', 'David', 'Richard', 'Joseph', 'Thomas', 'Christopher',
      'Matthew', 'Joshua', 'Andrew', 'Daniel', 'Ryan', 'Brandon', 'Justin', 'Kevin', 'Brian', 'Eric', 'Jason',
      'Tyler', 'Aaron', 'Nathan', 'Kyle'],
    last: ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Wilson', 'Anderson', 'Taylor',
      'Thomas', 'Moore', 'Jackson', 'White', 'Harris', 'Martin', 'Thompson', 'Garcia', 'Martinez', 'Robinson',
      'Clark', 'Lewis', 'Lee', 'Walker', 'Hall', 'Allen', 'Young', 'King', 'Wright', 'Scott', 'Hannah', 'Annan',
      "O'Connor", 'Nguyen'],
    kidsF: ['Olivia', 'Ava', 'Ella', 'Annabelle', 'Charlotte', 'Amelia', 'Harper', 'Evelyn', 'Abigail', 'Mila'],
    kidsM: ['Liam', 'Noah', 'Ethan', 'Mason', 'Oliver', 'Elijah', 'Logan', 'Aiden', 'Jackson', 'Owen'],
  },
  BR: {
    female: ['Ana', 'Anna', 'Mariana', 'Beatriz', 'Fernanda', 'Juliana', 'Camila', 'Larissa', 'Patrícia',
      'Aline', 'Bruna', 'Gabriela', 'Letícia', 'Renata', 'Vanessa', 'Adriana', 'Luana', 'Joana'],
    male: ['João', 'Gabriel', 'Lucas', 'Rafael', 'Pedro', 'Mateus', 'Gustavo', 'Felipe', 'Bruno', 'Thiago',
      'Rodrigo', 'Leonardo', 'Eduardo', 'Marcelo', 'André', 'Diego', 'Vinícius', 'Carlos'],
    last: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Costa', 'Pereira', 'Rodrigues', 'Almeida', 'Nascimento',
      'Lima', 'Araújo', 'Fernandes', 'Carvalho', 'Gomes', 'Martins', 'Rocha', 'Ribeiro', 'Alves', 'Monteiro',
      'Mendes', 'Barros', 'Freitas', 'Sant’Anna'],
    kidsF: ['Alice', 'Helena', 'Laura', 'Valentina', 'Heloísa', 'Manuela', 'Júlia', 'Sophia', 'Ana Clara'],
    kidsM: ['Miguel', 'Arthur', 'Heitor', 'Theo', 'Davi', 'Gael', 'Bernardo', 'Samuel', 'Ravi'],
  },
};

export const CITIES: Record<CountryCode, [string, number, number][]> = {
  DE: [['Berlin', 52.52, 13.405], ['Hamburg', 53.551, 9.994], ['München', 48.137, 11.575], ['Köln', 50.938, 6.96],
    ['Frankfurt am Main', 50.11, 8.682], ['Stuttgart', 48.776, 9.183], ['Düsseldorf', 51.227, 6.774],
    ['Leipzig', 51.34, 12.375], ['Dresden', 51.05, 13.738], ['Hannover', 52.376, 9.732], ['Nürnberg', 49.452, 11.077],
    ['Bremen', 53.079, 8.801]],
  ES: [['Madrid', 40.417, -3.704], ['Barcelona', 41.385, 2.173], ['Valencia', 39.47, -0.376], ['Sevilla', 37.389, -5.984],
    ['Zaragoza', 41.649, -0.889], ['Málaga', 36.721, -4.421], ['Bilbao', 43.263, -2.935], ['Murcia', 37.992, -1.131]],
  US: [['New York', 40.713, -74.006], ['Los Angeles', 34.052, -118.244], ['Chicago', 41.878, -87.63],
    ['Houston', 29.76, -95.37], ['Phoenix', 33.448, -112.074], ['Philadelphia', 39.953, -75.165],
    ['San Diego', 32.716, -117.161], ['Dallas', 32.777, -96.797], ['Seattle', 47.606, -122.332], ['Denver', 39.739, -104.99],
    ['Atlanta', 33.749, -84.388], ['Boston', 42.36, -71.059]],
  BR: [['São Paulo', -23.551, -46.633], ['Rio de Janeiro', -22.907, -43.173], ['Belo Horizonte', -19.917, -43.935],
    ['Brasília', -15.794, -47.882], ['Curitiba', -25.429, -49.271], ['Porto Alegre', -30.035, -51.218]],
};

export const STREETS: Record<CountryCode, string[]> = {
  DE: ['Hauptstraße', 'Schulstraße', 'Gartenstraße', 'Bahnhofstraße', 'Dorfstraße', 'Bergstraße', 'Lindenstraße',
    'Kirchstraße', 'Am Markt', 'Birkenweg', 'Rosenweg', 'Goethestraße', 'Schillerstraße', 'Mozartstraße'],
  ES: ['Calle Mayor', 'Calle Real', 'Avenida de la Constitución', 'Calle del Sol', 'Plaza de España',
    'Calle de Alcalá', 'Gran Vía', 'Calle de la Paz', 'Avenida de América', 'Calle San Juan'],
  US: ['Main St', 'Oak Ave', 'Maple St', 'Park Ave', 'Cedar Ln', 'Elm St', 'Washington Blvd', 'Lake Dr',
    'Hillside Rd', 'Pine St', '2nd St', 'Sunset Blvd'],
  BR: ['Rua das Flores', 'Avenida Paulista', 'Rua São João', 'Rua Augusta', 'Avenida Brasil', 'Rua da Paz',
    'Rua XV de Novembro', 'Avenida Atlântica'],
};

export const LANGUAGE_OF: Record<CountryCode, string> = { DE: 'de', ES: 'es', US: 'en', BR: 'en' };

export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example.com', 'post.example.net'];

export const RELATIONSHIPS = ['Mother', 'Father', 'Grandmother', 'Grandfather', 'Aunt', 'Uncle', 'Neighbour',
  'Nanny', 'Sister', 'Brother', 'Teacher', 'Friend'];

export const SAFE_ZONE_NAMES = ['Home', 'School', 'Grandma', 'Sports club', 'Kindergarten', 'Park', 'Music school',
  'Best friend', 'Swimming pool', 'Library'];

/** SMS commands every device type understands; `{message}` takes the user's text */
export const SMS_COMMANDS: { key: string; name: string; template: string; takesMessage?: boolean; types?: number[] }[] = [
  { key: 'LOCATE', name: 'Locate now', template: 'WHERE#' },
  { key: 'STATUS', name: 'Status report', template: 'STATUS#' },
  { key: 'REBOOT', name: 'Reboot', template: 'RESET#' },
  { key: 'FACTORY_RESET', name: 'Factory reset', template: 'FACTORY#' },
  { key: 'POWER_OFF', name: 'Power off', template: 'POWEROFF#' },
  { key: 'SET_APN', name: 'Set APN', template: 'APN,{message}#', takesMessage: true },
  { key: 'SET_SERVER', name: 'Set server', template: 'SERVER,{message}#', takesMessage: true, types: [1, 2] },
  { key: 'SET_INTERVAL', name: 'Set location interval', template: 'UPLOAD,{message}#', takesMessage: true },
  { key: 'START_LOG', name: 'Start device log', template: 'LOG,START,{message}#', takesMessage: true },
  { key: 'SEND_LOG', name: 'Send device log', template: 'LOG,SEND#' },
  { key: 'START_SSP', name: 'Start SSP', template: 'START_SSP#' },
  { key: 'UPDATE_MODEM', name: 'Update modem', template: 'UPDATE_MODEM#' },
  { key: 'SEND_ATCMD', name: 'Send AT command', template: 'SEND_ATCMD,{message}#', takesMessage: true },
  { key: 'DUP', name: 'Download update package', template: 'DUP#' },
  { key: 'CUSTOM', name: 'Custom text', template: '{message}', takesMessage: true },
  /** the owner workspace's contact push (GET /contact/push): the watch fetches its contacts again */
  { key: 'SYNC_CONTACTS', name: 'Fetch contacts', template: 'CONTACTS#' },
  /** the device workspace's general settings (POST /device/settings): the wearer's height, weight, gender, birth date */
  { key: 'SET_PROFILE', name: 'Wearer profile', template: 'PROFILE,{message}#', takesMessage: true },
];

/** replies a device sends to a command */
export const SMS_REPLIES: Record<string, string> = {
  LOCATE: 'LOC:OK',
  STATUS: 'STATUS:BAT={battery}%,GSM={signal},GPS=1',
  REBOOT: 'RESET:OK',
  SET_APN: 'APN:OK',
  SET_INTERVAL: 'UPLOAD:OK',
  START_SSP: 'START_SSP:OK',
  UPDATE_MODEM: 'UPDATE_MODEM:OK',
  DUP: 'DUP:OK',
  SYNC_CONTACTS: 'CONTACTS:OK',
  SET_PROFILE: 'PROFILE:OK',
};

/** default settings per device type: [setting_no, name, value, editable] */
export const DEFAULT_SETTINGS: [number, string, string, boolean][] = [
  [1, 'location_interval', '300', true],
  [2, 'operational_time', '24', true],
  [3, 'time_zone', 'UTC', true],
  [4, 'language', 'en', true],
  [5, 'volume', '3', true],
  [6, 'sos_number', '', true],
  [7, 'apn', 'internet', true],
  [8, 'fall_detection', '1', true],
  [9, 'step_counter', '1', true],
  [10, 'do_not_disturb', '22:00-07:00', true],
  [11, 'bracelet_removal_alarm', '1', true],
  [12, 'low_battery_threshold', '15', true],
  [13, 'server_host', 'gw.tracker.example.net', false],
  [14, 'server_port', '5088', false],
];

/**
 * Default profiles (`default_setting.types`, the `type` of GET /setting/loadDefault): the profiles a default belongs
 * to by setting_no; a setting not listed belongs to every profile.
 */
export const DEFAULT_SETTING_PROFILES: Record<number, number[]> = {
  1: [1], 2: [1], 8: [1], 11: [1], 12: [1],
  5: [2], 9: [2], 10: [2],
};

/** §9 location interval options, in seconds (2-60 minutes) plus Stand by */
export const LOCATION_INTERVALS = [120, 300, 600, 900, 1800, 3600, 65000];

export const TRANSLATIONS: { key: string; html?: boolean; en: string; de: string; es: string }[] = [
  { key: 'SOS_ALERT_TITLE', en: 'SOS alarm', de: 'SOS-Alarm', es: 'Alarma SOS' },
  { key: 'SOS_ALERT_BODY', en: '{name} pressed the alarm button', de: '{name} hat den Alarmknopf gedrückt', es: '{name} ha pulsado el botón de alarma' },
  { key: 'SAFE_ZONE_EXIT', en: '{name} left {zone}', de: '{name} hat {zone} verlassen', es: '{name} ha salido de {zone}' },
  { key: 'SAFE_ZONE_ENTRY', en: '{name} arrived at {zone}', de: '{name} ist in {zone} angekommen', es: '{name} ha llegado a {zone}' },
  { key: 'LOW_BATTERY', en: 'Battery of {name} is low ({battery}%)', de: 'Akku von {name} ist schwach ({battery} %)', es: 'La batería de {name} está baja ({battery} %)' },
  { key: 'BRACELET_REMOVED', en: 'The band of {name} was removed', de: 'Das Armband von {name} wurde abgenommen', es: 'Se ha quitado la pulsera de {name}' },
  { key: 'MOBILE_OPERATORS_TERMS', html: true, en: '<p>By activating the SIM you accept the <a href="https://example.com/terms">terms of the mobile operator</a>.</p>', de: '<p>Mit der Aktivierung der SIM akzeptieren Sie die <a href="https://example.com/terms">Bedingungen des Mobilfunkanbieters</a>.</p>', es: '<p>Al activar la SIM acepta las <a href="https://example.com/terms">condiciones del operador móvil</a>.</p>' },
  { key: 'WELCOME_EMAIL', html: true, en: '<h1>Welcome</h1><p>Your watch is ready.</p>', de: '<h1>Willkommen</h1><p>Ihre Uhr ist bereit.</p>', es: '<h1>Bienvenido</h1><p>Su reloj está listo.</p>' },
];

export const HELP_TEXTS: { path: string; en: string; de: string; es: string }[] = [
  { path: 'owner.profile.test_user', en: 'A test account of staff or partners: left out of statistics and reports.', de: 'Ein Testkonto von Mitarbeitern oder Partnern: zählt nicht in Statistiken und Berichten.', es: 'Una cuenta de prueba del personal o de socios: no cuenta en estadísticas ni informes.' },
  { path: 'owner.profile.apn', en: 'Push token of the iOS app (Apple Push Notification service).', de: 'Push-Token der iOS-App (Apple Push Notification Service).', es: 'Token push de la app de iOS (Apple Push Notification service).' },
  { path: 'owner.profile.gcm', en: 'Push token of the Android app (Firebase Cloud Messaging).', de: 'Push-Token der Android-App (Firebase Cloud Messaging).', es: 'Token push de la app de Android (Firebase Cloud Messaging).' },
  { path: 'owner.profile.status', en: 'Disabled owners cannot sign in to the app.', de: 'Deaktivierte Inhaber können sich nicht in der App anmelden.', es: 'Los titulares desactivados no pueden iniciar sesión en la app.' },
  { path: 'owner.profile.language_override', en: 'Use the owner language instead of the white label default.', de: 'Sprache des Inhabers statt der Standardsprache des White Labels verwenden.', es: 'Usar el idioma del titular en lugar del predeterminado de la marca.' },
  { path: 'geolocation.wifi.fixed', en: 'Fixed access points keep their position when crowd data disagrees.', de: 'Fixierte Zugangspunkte behalten ihre Position, auch wenn Crowd-Daten abweichen.', es: 'Los puntos de acceso fijos conservan su posición aunque los datos colectivos difieran.' },
];

export const NOTIFICATION_TYPES = [
  { type: 'SAFE_ZONE_EXIT', title: 'Safe zone left' },
  { type: 'SAFE_ZONE_ENTRY', title: 'Safe zone reached' },
  { type: 'LOW_BATTERY', title: 'Low battery' },
  { type: 'SOS', title: 'SOS alarm' },
  { type: 'BRACELET_REMOVED', title: 'Band removed' },
  { type: 'NEW_VOICE_MESSAGE', title: 'New voice message' },
];

export const WIFI_OUIS = ['00163E', '001A2B', '3C5AB4', 'F4F5D8', 'A4C361', '7CD1C3', '9C5C8E', 'B827EB', 'DC9FDB', '60A44C'];
