/**
 * The award emoji a user may react with: GitLab's (gemojione) names and their characters. A fixed
 * list of common ones; names outside it are refused ('Name is not a valid emoji name').
 */
const LIST = `
thumbsup 👍|thumbsdown 👎|tada 🎉|rocket 🚀|eyes 👀|heart ❤️|smile 😄|laughing 😆|blush 😊|smiley 😃
relaxed ☺️|smirk 😏|heart_eyes 😍|kissing_heart 😘|kissing_closed_eyes 😚|flushed 😳|relieved 😌|satisfied 😆
grin 😁|wink 😉|stuck_out_tongue_winking_eye 😜|stuck_out_tongue_closed_eyes 😝|grinning 😀|kissing 😗
kissing_smiling_eyes 😙|stuck_out_tongue 😛|sleeping 😴|worried 😟|frowning 😦|anguished 😧|open_mouth 😮
grimacing 😬|confused 😕|hushed 😯|expressionless 😑|unamused 😒|sweat_smile 😅|sweat 😓
disappointed_relieved 😥|weary 😩|pensive 😔|disappointed 😞|confounded 😖|fearful 😨|cold_sweat 😰
persevere 😣|cry 😢|sob 😭|joy 😂|astonished 😲|scream 😱|tired_face 😫|angry 😠|rage 😡|triumph 😤
sleepy 😪|yum 😋|mask 😷|sunglasses 😎|dizzy_face 😵|imp 👿|smiling_imp 😈|neutral_face 😐|no_mouth 😶
innocent 😇|alien 👽|yellow_heart 💛|blue_heart 💙|purple_heart 💜|green_heart 💚|broken_heart 💔
heartbeat 💓|heartpulse 💗|two_hearts 💕|revolving_hearts 💞|cupid 💘|sparkling_heart 💖|sparkles ✨
star ⭐|star2 🌟|dizzy 💫|boom 💥|collision 💥|anger 💢|exclamation ❗|question ❓|grey_exclamation ❕
grey_question ❔|zzz 💤|dash 💨|sweat_drops 💦|notes 🎶|musical_note 🎵|fire 🔥|poop 💩|shit 💩
ok_hand 👌|punch 👊|facepunch 👊|fist ✊|v ✌️|wave 👋|hand ✋|raised_hand ✋|open_hands 👐
point_up ☝️|point_down 👇|point_left 👈|point_right 👉|raised_hands 🙌|pray 🙏|point_up_2 👆|clap 👏
muscle 💪|metal 🤘|middle_finger 🖕|walking 🚶|runner 🏃|running 🏃|couple 👫|family 👪|dancer 💃
ok_woman 🙆|no_good 🙅|information_desk_person 💁|raising_hand 🙋|bow 🙇|couplekiss 💏|massage 💆
haircut 💇|nail_care 💅|boy 👦|girl 👧|woman 👩|man 👨|baby 👶|older_woman 👵|older_man 👴|cop 👮
angel 👼|princess 👸|smiley_cat 😺|smile_cat 😸|heart_eyes_cat 😻|kissing_cat 😽|smirk_cat 😼
scream_cat 🙀|crying_cat_face 😿|joy_cat 😹|pouting_cat 😾|japanese_ogre 👹|japanese_goblin 👺
see_no_evil 🙈|hear_no_evil 🙉|speak_no_evil 🙊|guardsman 💂|skull 💀|feet 🐾|lips 👄|kiss 💋
droplet 💧|ear 👂|nose 👃|tongue 👅|love_letter 💌|bust_in_silhouette 👤|busts_in_silhouette 👥
speech_balloon 💬|thought_balloon 💭|sunny ☀️|umbrella ☔|cloud ☁️|snowflake ❄️|snowman ⛄|zap ⚡
cyclone 🌀|foggy 🌁|ocean 🌊|cat 🐱|dog 🐶|mouse 🐭|hamster 🐹|rabbit 🐰|wolf 🐺|frog 🐸|tiger 🐯
koala 🐨|bear 🐻|pig 🐷|cow 🐮|boar 🐗|monkey_face 🐵|monkey 🐒|horse 🐴|racehorse 🐎|camel 🐫
sheep 🐑|elephant 🐘|panda_face 🐼|snake 🐍|bird 🐦|baby_chick 🐤|hatched_chick 🐥|penguin 🐧
turtle 🐢|bug 🐛|honeybee 🐝|bee 🐝|ant 🐜|beetle 🐞|snail 🐌|octopus 🐙|tropical_fish 🐠|fish 🐟
whale 🐳|whale2 🐋|dolphin 🐬|crocodile 🐊|dragon 🐉|unicorn 🦄|bouquet 💐|cherry_blossom 🌸|tulip 🌷
four_leaf_clover 🍀|rose 🌹|sunflower 🌻|hibiscus 🌺|maple_leaf 🍁|leaves 🍃|fallen_leaf 🍂|herb 🌿
mushroom 🍄|cactus 🌵|palm_tree 🌴|evergreen_tree 🌲|deciduous_tree 🌳|seedling 🌱|earth_africa 🌍
earth_americas 🌎|earth_asia 🌏|new_moon 🌑|full_moon 🌕|crescent_moon 🌙|sun_with_face 🌞|rainbow 🌈
volcano 🌋|milky_way 🌌|gift 🎁|gift_heart 💝|dolls 🎎|school_satchel 🎒|mortar_board 🎓|flags 🎏
fireworks 🎆|sparkler 🎇|wind_chime 🎐|rice_scene 🎑|jack_o_lantern 🎃|ghost 👻|santa 🎅
christmas_tree 🎄|bell 🔔|no_bell 🔕|confetti_ball 🎊|balloon 🎈|crystal_ball 🔮|cd 💿|dvd 📀
floppy_disk 💾|camera 📷|video_camera 📹|movie_camera 🎥|computer 💻|tv 📺|iphone 📱|phone ☎️
telephone_receiver 📞|pager 📟|fax 📠|minidisc 💽|vhs 📼|sound 🔉|speaker 🔈|mute 🔇|loudspeaker 📢
mega 📣|hourglass ⌛|alarm_clock ⏰|watch ⌚|radio 📻|satellite 📡|mag 🔍|mag_right 🔎|unlock 🔓
lock 🔒|key 🔑|bulb 💡|flashlight 🔦|battery 🔋|electric_plug 🔌|books 📚|book 📖|notebook 📓
ledger 📒|bookmark 🔖|scroll 📜|memo 📝|pencil 📝|pencil2 ✏️|page_facing_up 📄|clipboard 📋
calendar 📆|date 📅|card_index 📇|file_folder 📁|open_file_folder 📂|scissors ✂️|pushpin 📌
paperclip 📎|link 🔗|straight_ruler 📏|triangular_ruler 📐|closed_book 📕|green_book 📗|blue_book 📘
orange_book 📙|chart_with_upwards_trend 📈|chart_with_downwards_trend 📉|bar_chart 📊|envelope ✉️
email 📧|inbox_tray 📥|outbox_tray 📤|package 📦|mailbox 📫|postbox 📮|newspaper 📰|moneybag 💰
dollar 💵|credit_card 💳|chart 💹|hammer 🔨|wrench 🔧|nut_and_bolt 🔩|gear ⚙️|bomb 💣|gun 🔫
hocho 🔪|pill 💊|syringe 💉|trophy 🏆|medal 🏅|first_place 🥇|soccer ⚽|basketball 🏀|football 🏈
baseball ⚾|tennis 🎾|8ball 🎱|bowling 🎳|golf ⛳|checkered_flag 🏁|dart 🎯|video_game 🎮
game_die 🎲|spades ♠️|hearts ♥️|clubs ♣️|diamonds ♦️|black_joker 🃏|art 🎨|microphone 🎤
headphones 🎧|musical_keyboard 🎹|guitar 🎸|trumpet 🎺|violin 🎻|coffee ☕|tea 🍵|sake 🍶|beer 🍺
beers 🍻|cocktail 🍸|tropical_drink 🍹|wine_glass 🍷|pizza 🍕|hamburger 🍔|fries 🍟|poultry_leg 🍗
meat_on_bone 🍖|spaghetti 🍝|curry 🍛|sushi 🍣|bento 🍱|ramen 🍜|rice 🍚|bread 🍞|doughnut 🍩
cookie 🍪|cake 🎂|birthday 🎂|chocolate_bar 🍫|candy 🍬|lollipop 🍭|icecream 🍦|apple 🍎
green_apple 🍏|tangerine 🍊|lemon 🍋|cherries 🍒|grapes 🍇|watermelon 🍉|strawberry 🍓|peach 🍑
banana 🍌|pear 🍐|pineapple 🍍|eggplant 🍆|tomato 🍅|corn 🌽|house 🏠|office 🏢|hospital 🏥
bank 🏦|school 🏫|factory 🏭|construction 🚧|warning ⚠️|no_entry ⛔|no_entry_sign 🚫|stop_sign 🛑
ship 🚢|boat ⛵|sailboat ⛵|airplane ✈️|car 🚗|red_car 🚗|taxi 🚕|bus 🚌|train 🚆|bike 🚲
ambulance 🚑|fire_engine 🚒|police_car 🚓|truck 🚚|tractor 🚜|helicopter 🚁|traffic_light 🚥
rotating_light 🚨|triangular_flag_on_post 🚩|flag_white 🏳️|white_check_mark ✅|heavy_check_mark ✔️
ballot_box_with_check ☑️|x ❌|negative_squared_cross_mark ❎|heavy_plus_sign ➕|heavy_minus_sign ➖
heavy_division_sign ➗|heavy_multiplication_x ✖️|100 💯|1234 🔢|abc 🔤|arrow_up ⬆️|arrow_down ⬇️
arrow_left ⬅️|arrow_right ➡️|arrows_counterclockwise 🔄|repeat 🔁|recycle ♻️|infinity ♾️|copyright ©️
registered ®️|tm ™️|information_source ℹ️|new 🆕|free 🆓|up 🆙|cool 🆒|ok 🆗|sos 🆘|top 🔝|soon 🔜
on 🔛|end 🔚|back 🔙|red_circle 🔴|large_blue_circle 🔵|white_circle ⚪|black_circle ⚫|zero 0️⃣
one 1️⃣|two 2️⃣|three 3️⃣|four 4️⃣|five 5️⃣|six 6️⃣|seven 7️⃣|eight 8️⃣|nine 9️⃣|keycap_ten 🔟
thinking 🤔|nerd 🤓|hugging 🤗|rolling_eyes 🙄|upside_down 🙃|zipper_mouth 🤐|money_mouth 🤑
thermometer_face 🤒|head_bandage 🤕|slight_smile 🙂|slight_frown 🙁|robot 🤖|crossed_fingers 🤞
call_me 🤙|handshake 🤝|face_palm 🤦|shrug 🤷|rofl 🤣|drooling_face 🤤|clown 🤡|lying_face 🤥
nauseated_face 🤢|sneezing_face 🤧|cowboy 🤠|star_struck 🤩|exploding_head 🤯|partying_face 🥳
pleading_face 🥺|yawning_face 🥱|hot_face 🥵|cold_face 🥶|woozy_face 🥴|raised_eyebrow 🤨
shushing_face 🤫|monocle_face 🧐|brain 🧠|coffin ⚰️|crown 👑|tophat 🎩|eyeglasses 👓|ring 💍|gem 💎
bow_and_arrow 🏹|shield 🛡️|dagger 🗡️|tools 🛠️|hammer_pick ⚒️|pick ⛏️|chains ⛓️|magnet 🧲
test_tube 🧪|dna 🧬|microscope 🔬|telescope 🔭|alembic ⚗️|compass 🧭|map 🗺️|mountain ⛰️|beach 🏖️
desert 🏜️|island 🏝️|stadium 🏟️|classical_building 🏛️|hourglass_flowing_sand ⏳|stopwatch ⏱️|timer ⏲️
clock1 🕐|clock12 🕛|bookmark_tabs 📑|label 🏷️|pushpin_round 📍|round_pushpin 📍|lock_with_ink_pen 🔏
closed_lock_with_key 🔐|bellhop 🛎️|door 🚪|bed 🛏️|couch 🛋️|toilet 🚽|shower 🚿|bathtub 🛁|mirror 🪞
broom 🧹|basket 🧺|soap 🧼|sponge 🧽|fire_extinguisher 🧯|shopping_cart 🛒|smoking 🚬|moyai 🗿
`;

let awardEmojiMap: ReadonlyMap<string, string> | null = null;

/**
 * Every award emoji's name and character, in the list's order: made from the list on first use, not
 * when the module loads (the first requests' script and the app's start load it for a name check that
 * most pages never make; decision 0094).
 */
export function awardEmoji(): ReadonlyMap<string, string> {
  awardEmojiMap ??= new Map(
    LIST.split(/[|\n]/)
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '')
      .map((entry) => {
        const space = entry.indexOf(' ');
        return [entry.slice(0, space), entry.slice(space + 1)] as [string, string];
      }),
  );
  return awardEmojiMap;
}

/** The reaction names GitLab counts as up- and down-votes. */
export const UPVOTE_EMOJI = 'thumbsup';
export const DOWNVOTE_EMOJI = 'thumbsdown';

export function isAwardEmojiName(name: unknown): name is string {
  return typeof name === 'string' && awardEmoji().has(name);
}

/** The emoji character of a name, or undefined when the name is not on the list. */
export function awardEmojiUnicode(name: string): string | undefined {
  return awardEmoji().get(name);
}
