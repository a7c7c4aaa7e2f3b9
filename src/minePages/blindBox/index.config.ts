export default definePageConfig({ navigationBarTitleText: '幸运盲盒', navigationStyle: 'custom', enableShareAppMessage: true, enableShareTimeline: true })
