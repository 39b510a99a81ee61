// The page's own words (buttons, headings, settings), one table per language. Everything
// said about the game itself comes from the table already written in the reader's
// language; these strings never describe a card, a rule or a move.
"use strict";

const STRINGS = {
  en: {
    language_name: "English",
    language: "Language",
    card_table: "card table",
    on_the_table: "cards on the table",
    your_hand: "your hand",
    lobby_title: "Set up a table",
    lobby_intro: "Choose a game, say which seats the bots take, and send each friend the link of his seat.",
    game: "Game",
    preset: "Rules",
    singing: "Singing",
    singing_declared: "Declared: you say \"My bird sings!\" yourself",
    singing_automatic: "Automatic: a singing hand sings by itself",
    players: "Players",
    table_name: "Table name",
    seed: "Seed",
    seed_help: "(optional: the same seed deals the same cards)",
    seed_random: "random",
    table_name_placeholder: "Friday cards",
    seats: "Seats",
    seat_person: "a person",
    seat_bot: "a bot",
    seat_number: "Seat {n}",
    seat_name: "Name at seat {n} (optional)",
    your_name: "your name",
    name_optional: "name (optional)",
    create: "Create the table",
    creating: "Creating the table…",
    invites_title: "Invite the players",
    invites_intro: "Each link is one seat: whoever opens it plays there. Send each person only his own link.",
    copy: "Copy",
    copied: "Copied",
    copy_link_for: "Copy the link of {name}",
    bot_seat: "{name} (bot)",
    spectator_link: "Spectators",
    copy_spectator: "Copy the spectator link",
    sit_down: "Sit down at your seat",
    error_no_person: "At least one seat must be for a person.",
    cannot_reach: "Cannot reach the server: {error}",
    new_table: "New table",
    new_table_confirm: "Leave this table for the lobby? The game goes on without you until you open your link again.",
    cancel: "Cancel",
    leave_for_lobby: "Go to the lobby",
    settings: "Settings",
    speed: "Pace of the moves shown",
    speed_slow: "slow",
    speed_normal: "normal",
    speed_fast: "fast",
    speed_instant: "instant",
    autoplay: "Play a forced card for me",
    connection_connecting: "connecting…",
    connection_open: "connected",
    connection_waiting: "connection lost: trying again in {s} s",
    connection_closed: "disconnected",
    retry_now: "Retry now",
    presence_online: "here",
    presence_offline: "away",
    presence_bot: "bot",
    presence_empty: "empty seat",
    spectating: "You are watching: no hand is shown to spectators.",
    spectators: "{n} watching",
    dealer: "dealer",
    counters: "{n} counters",
    points: "{n} pts",
    trick_one: "{n} trick",
    tricks: "{n} tricks",
    cards_in_hand: "{n} cards in hand",
    face_down: "a face-down card",
    face_down_n: "{n} face-down cards",
    taken_by: "taken by {name}",
    pool: "pool",
    deal_n: "deal {n}",
    deal_over: "The deal is over.",
    to_play: "{name} to play",
    last_trick_won: "Last trick: {name}",
    card_order: "Card order",
    trumps_best_first: "Trumps, best first",
    order_chart: "The order of every card when {suit} are trumps (chart)",
    just_received: "just received",
    passes_to: "to {name}",
    show_result: "Show the result",
    next_deal: "Next deal",
    rematch: "Rematch",
    game_over: "Game over",
    deal_n_over: "Deal {n} is over",
    player: "Player",
    points_head: "Points",
    this_deal: "This deal",
    balance: "Balance",
    save_game: "Save game",
    close: "Close (Escape)",
    log: "What happened",
    resynced: "The table had moved on: it now shows where the game stands.",
    rule_link: "rule {rule}",
    leave_seat: "Leave my seat",
    take_seat: "Take my seat back",
    hand_to_bot: "Hand {name}'s seat to a bot",
    missing_title: "Table not found",
    missing_text: "There is no such table on this server, or the link is not complete.",
    credential_title: "This link does not open a seat",
    credential_text: "The seat's key in the link is wrong. Ask whoever created the table for your link again.",
    stale: "The table had moved on: here is where it stands.",
    name_you: "{name} (you)",
    your_turn: "Your turn",
    suggest: "Suggest a move",
    suggested: "Suggested move:",
    my_bird_sings: "My bird sings!",
    team: "team {name}",
    barred: "barred",
    turn_up: "turn-up {suit}",
    set_aside: "set aside",
    trumps: "Trumps: {suit}",
    trick_of: "Trick {n} of {total}",
    stakes: "stakes",
    leader: "leader",
    stock_n: "stock · {n}",
    dead_n: "dead pile · {n}",
    rejected: "rejected",
    singing_cards: "The singing cards",
    your_discard: "your discard",
    you_drew: "you drew",
    round_n: "Round {n}",
    turn_n: "Turn {n}",
    offered_by: "{name}'s hand, face down: pick one",
  },
  fr: {
    language_name: "Français",
    language: "Langue",
    card_table: "table de jeu",
    on_the_table: "cartes sur la table",
    your_hand: "votre main",
    lobby_title: "Préparer une table",
    lobby_intro: "Choisissez un jeu, dites quelles places prennent les robots, et envoyez à chaque ami le lien de sa place.",
    game: "Jeu",
    preset: "Règles",
    singing: "Chant",
    singing_declared: "Annoncé : vous dites vous-même « Mon oiseau chante ! »",
    singing_automatic: "Automatique : une main qui chante chante d'elle-même",
    players: "Joueurs",
    table_name: "Nom de la table",
    seed: "Graine",
    seed_help: "(facultatif : la même graine donne les mêmes cartes)",
    seed_random: "au hasard",
    table_name_placeholder: "Cartes du vendredi",
    seats: "Places",
    seat_person: "une personne",
    seat_bot: "un robot",
    seat_number: "Place {n}",
    seat_name: "Nom à la place {n} (facultatif)",
    your_name: "votre nom",
    name_optional: "nom (facultatif)",
    create: "Créer la table",
    creating: "Création de la table…",
    invites_title: "Inviter les joueurs",
    invites_intro: "Chaque lien est une place : qui l'ouvre y joue. N'envoyez à chacun que son propre lien.",
    copy: "Copier",
    copied: "Copié",
    copy_link_for: "Copier le lien de {name}",
    bot_seat: "{name} (robot)",
    spectator_link: "Spectateurs",
    copy_spectator: "Copier le lien des spectateurs",
    sit_down: "Prendre votre place",
    error_no_person: "Au moins une place doit revenir à une personne.",
    cannot_reach: "Le serveur ne répond pas : {error}",
    new_table: "Nouvelle table",
    new_table_confirm: "Quitter cette table pour l'accueil ? La partie continue sans vous jusqu'à ce que vous rouvriez votre lien.",
    cancel: "Annuler",
    leave_for_lobby: "Aller à l'accueil",
    settings: "Réglages",
    speed: "Rythme des coups affichés",
    speed_slow: "lente",
    speed_normal: "normale",
    speed_fast: "rapide",
    speed_instant: "immédiate",
    autoplay: "Jouer pour moi une carte forcée",
    connection_connecting: "connexion…",
    connection_open: "connecté",
    connection_waiting: "connexion perdue : nouvel essai dans {s} s",
    connection_closed: "déconnecté",
    retry_now: "Réessayer",
    presence_online: "présent",
    presence_offline: "absent",
    presence_bot: "robot",
    presence_empty: "place libre",
    spectating: "Vous regardez : aucune main n'est montrée aux spectateurs.",
    spectators: "{n} spectateurs",
    dealer: "donneur",
    counters: "{n} jetons",
    points: "{n} pts",
    trick_one: "{n} levée",
    tricks: "{n} levées",
    cards_in_hand: "{n} cartes en main",
    face_down: "une carte face cachée",
    face_down_n: "{n} cartes face cachée",
    taken_by: "prise par {name}",
    pool: "cagnotte",
    deal_n: "donne {n}",
    deal_over: "La donne est finie.",
    to_play: "À {name} de jouer",
    last_trick_won: "Dernière levée : {name}",
    card_order: "Ordre des cartes",
    trumps_best_first: "Atouts, du plus fort au plus faible",
    order_chart: "L'ordre de toutes les cartes quand {suit} est atout (tableau)",
    just_received: "reçue à l'instant",
    passes_to: "à {name}",
    show_result: "Voir le résultat",
    next_deal: "Donne suivante",
    rematch: "Revanche",
    game_over: "Partie finie",
    deal_n_over: "La donne {n} est finie",
    player: "Joueur",
    points_head: "Points",
    this_deal: "Cette donne",
    balance: "Solde",
    save_game: "Enregistrer la partie",
    close: "Fermer (Échap)",
    log: "Ce qui s'est passé",
    resynced: "La table avait avancé : elle montre maintenant où en est la partie.",
    rule_link: "règle {rule}",
    leave_seat: "Quitter ma place",
    take_seat: "Reprendre ma place",
    hand_to_bot: "Confier la place de {name} à un robot",
    missing_title: "Table introuvable",
    missing_text: "Ce serveur n'a pas cette table, ou le lien est incomplet.",
    credential_title: "Ce lien n'ouvre aucune place",
    credential_text: "La clé de la place dans le lien est fausse. Redemandez votre lien à qui a créé la table.",
    stale: "La table avait avancé : voici où en est la partie.",
    name_you: "{name} (vous)",
    your_turn: "À vous de jouer",
    suggest: "Suggérer un coup",
    suggested: "Coup suggéré :",
    my_bird_sings: "Mon oiseau chante !",
    team: "équipe {name}",
    barred: "exclu",
    turn_up: "retourne {suit}",
    set_aside: "mises de côté",
    trumps: "Atout : {suit}",
    trick_of: "Levée {n} sur {total}",
    stakes: "enjeux",
    leader: "premier",
    stock_n: "talon · {n}",
    dead_n: "défausse · {n}",
    rejected: "rejetée",
    singing_cards: "Les cartes qui chantent",
    your_discard: "votre écart",
    you_drew: "vous avez tiré",
    round_n: "Tour de table {n}",
    turn_n: "Tour {n}",
    offered_by: "La main de {name}, face cachée : prenez-en une",
  },
};

export const LANGUAGES = Object.keys(STRINGS);

const STORE_KEY = "cardrules.language";
let current = pick();

function pick() {
  let saved = null;
  try {
    saved = window.localStorage.getItem(STORE_KEY);
  } catch (error) {
    saved = null;
  }
  if (saved && STRINGS[saved]) return saved;
  for (const tag of navigator.languages || []) {
    const base = String(tag).split("-")[0].toLowerCase();
    if (STRINGS[base]) return base;
  }
  return "en";
}

export function language() {
  return current;
}

export function setLanguage(code) {
  if (!STRINGS[code]) return;
  current = code;
  document.documentElement.lang = code;
  try {
    window.localStorage.setItem(STORE_KEY, code);
  } catch (error) {
    // private browsing: the choice lasts for this page only
  }
}

export function languageName(code) {
  return (STRINGS[code] || {}).language_name || code;
}

/** The page's string `key` in the current language, with `{name}` parameters filled in. */
export function t(key, params) {
  const table = STRINGS[current] || STRINGS.en;
  let text = table[key] !== undefined ? table[key] : STRINGS.en[key];
  if (text === undefined) text = key;
  if (params) text = text.replace(/\{(\w+)\}/g, (whole, name) => (params[name] !== undefined ? String(params[name]) : whole));
  return text;
}

/** Fill every element marked `data-t="key"` (its text) or `data-t-attr="attr:key"`. */
export function translatePage(root) {
  for (const node of (root || document).querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  for (const node of (root || document).querySelectorAll("[data-t-attr]")) {
    for (const pair of node.dataset.tAttr.split(";")) {
      const [attr, key] = pair.split(":");
      node.setAttribute(attr, t(key));
    }
  }
}
